import type { Logger } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import { errorFromAnswer, GithubError } from './github-error.js';
import { maskDeep, maskToken } from './mask-token.js';

/** Where and as whom the GitHub handlers write: token, repository, and the API root (GitHub Enterprise works). */
export interface GithubOptions {
  readonly token: string;
  readonly owner: string;
  readonly repo: string;
  /** REST API root (default `https://api.github.com`; GitHub Enterprise Server: `https://HOST/api/v3`). */
  readonly baseUrl?: string;
  /** Labels added to every issue `builtin:github-issue` creates. */
  readonly labels?: readonly string[];
  /** The issue `builtin:github-comment` comments on when an action names none. */
  readonly issueNumber?: number;
  /** A fetch implementation (default: the global one). */
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
}

/** A GitHub REST client for the handlers: one JSON `POST`, answers and failures already masked. */
export interface GithubClient {
  /** POST `body` as JSON to `path` under the base URL; resolves to GitHub's JSON answer or throws `GithubError`. */
  post(path: string, body: unknown, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** `text` with the token masked, for anything else a handler sends out. */
  mask(text: string): string;
}

/** The REST API version the handlers are written against. */
const API_VERSION = '2022-11-28';

/**
 * A GitHub REST client on the web-standard `fetch` (Node, browsers, workers), after checking the options (throws
 * `invalid_option`). Sends GitHub's `Accept`, `X-GitHub-Api-Version`, a user agent and the token; follows no redirect
 * (the token goes to the base URL only). Every failure is a `GithubError` whose text never contains the token:
 * `GitHub answered 404 Not Found (…)`, `could not reach https://api.github.com: ECONNREFUSED`.
 */
export function createGithubClient(options: GithubOptions, handler: string): GithubClient {
  for (const key of ['token', 'owner', 'repo'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') {
      throw new AffordanceError(
        'invalid_option',
        `${handler}: github.${key} is required${key === 'token' ? ' (a token with issues: write)' : ''}`,
      );
    }
  }
  const base = baseUrlOf(options.baseUrl, handler);
  const token = options.token;
  // Called through globalThis: browsers refuse a detached `fetch` ("Illegal invocation").
  const fetcher = options.fetch ?? ((url: string, init: RequestInit) => globalThis.fetch(url, init));
  const mask = (text: string) => maskToken(text, token);
  return {
    mask,
    async post(path, body, signal) {
      const url = `${base}${path}`;
      let response: Response;
      try {
        response = await fetcher(url, {
          method: 'POST',
          headers: {
            accept: 'application/vnd.github+json',
            authorization: `token ${token}`,
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'affordance',
            'x-github-api-version': API_VERSION,
          },
          body: JSON.stringify(body),
          redirect: 'manual',
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new GithubError('network', mask(`could not reach ${new URL(base).origin}: ${reasonOf(error)}`));
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new GithubError(
          'network',
          mask(
            `the connection to ${new URL(base).origin} broke while GitHub answered ${response.status}: ${reasonOf(error)}`,
          ),
          { status: response.status },
        );
      }
      options.logger?.debug({ method: 'POST', path: mask(path), status: response.status }, 'github request');
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        const location = response.headers.get('location');
        throw new GithubError(
          'redirect',
          mask(
            `GitHub answered ${response.status} with a redirect${location ? ` to ${location}` : ''}, which is not followed (the token goes to the base URL only); check github.owner, github.repo and github.baseUrl`,
          ),
          { status: response.status },
        );
      }
      if (!response.ok) throw errorFromAnswer(response, text, token);
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {}
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new GithubError('invalid_answer', `GitHub answered ${response.status} without a JSON object`, {
          status: response.status,
        });
      }
      return maskDeep(data as Record<string, unknown>, token);
    },
  };
}

function baseUrlOf(baseUrl: string | undefined, handler: string): string {
  const text = (baseUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new AffordanceError(
      'invalid_option',
      `${handler}: github.baseUrl must be an http(s) URL without credentials, like https://HOST/api/v3`,
    );
  }
  return text;
}

// Node's fetch hides the socket error in `cause` (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET); browsers say less.
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown; errors?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return `the connection closed (${code})`;
  if (code) return code;
  if (typeof cause?.message === 'string' && cause.message !== '') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
