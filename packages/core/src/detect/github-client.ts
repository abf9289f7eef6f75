import { Octokit } from '@octokit/core';
import type { Logger } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';

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

/** An Octokit client for the options, after checking them; throws `invalid_option` for missing settings. */
export function githubClient(options: GithubOptions, handler: string): Octokit {
  for (const key of ['token', 'owner', 'repo'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') {
      throw new AffordanceError(
        'invalid_option',
        `${handler}: github.${key} is required${key === 'token' ? ' (a token with issues: write)' : ''}`,
      );
    }
  }
  const log = options.logger;
  return new Octokit({
    auth: options.token,
    userAgent: 'affordance',
    ...(options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : {}),
    ...(options.fetch ? { request: { fetch: options.fetch } } : {}),
    ...(log
      ? {
          log: {
            debug: (message: string) => log.debug({}, message),
            info: (message: string) => log.info({}, message),
            warn: (message: string) => log.warn({}, message),
            error: (message: string) => log.error({}, message),
          },
        }
      : {}),
  });
}

/** An error that says what GitHub answered: status, message, field errors and the docs link. */
export function githubError(error: unknown, what: string): Error {
  const failure = error as { status?: unknown; response?: { data?: unknown }; message?: unknown };
  if (typeof failure?.status !== 'number') {
    return new Error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const data = (failure.response?.data ?? {}) as {
    message?: unknown;
    errors?: unknown;
    documentation_url?: unknown;
  };
  const message = typeof data.message === 'string' ? data.message : String(failure.message);
  const fields = Array.isArray(data.errors)
    ? data.errors
        .map((item: { field?: unknown; code?: unknown; message?: unknown } | string) =>
          typeof item === 'string'
            ? item
            : [item.field, item.code, item.message].filter((part) => typeof part === 'string').join(' '),
        )
        .filter((text) => text !== '')
    : [];
  const docs = typeof data.documentation_url === 'string' ? ` (${data.documentation_url})` : '';
  const detail = fields.length > 0 ? `: ${fields.join('; ')}` : '';
  return new Error(`${what} failed: GitHub answered ${failure.status} ${message}${detail}${docs}`, {
    cause: error,
  });
}
