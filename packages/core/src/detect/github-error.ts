import { AffordanceError } from '../errors/affordance-error.js';
import { maskToken } from './mask-token.js';

/** How a GitHub request failed: an error answer, no answer at all, an answer that is not JSON, or a redirect. */
export type GithubErrorKind = 'http' | 'network' | 'invalid_answer' | 'redirect';

/** When GitHub's rate limit lets the request through again, from its answer's headers. */
export interface GithubRateLimit {
  /** `retry-after`, in seconds (secondary rate limits). */
  readonly retryAfterSeconds?: number;
  /** `x-ratelimit-reset` as an ISO time, when `x-ratelimit-remaining` is 0 (primary rate limit). */
  readonly resetAt?: string;
}

/** What is known about a failed GitHub request; every text in it is masked. */
export interface GithubErrorDetails {
  readonly status?: number;
  /** GitHub's `message`. */
  readonly githubMessage?: string;
  readonly documentationUrl?: string;
  readonly rateLimit?: GithubRateLimit;
}

/**
 * A failed GitHub request (`code` says how). Its message and details never contain the token, and it carries no raw
 * cause.
 */
export class GithubError extends AffordanceError<GithubErrorKind> {
  static override readonly errorName = 'GithubError';
  constructor(
    code: GithubErrorKind,
    message: string,
    readonly details: GithubErrorDetails = {},
  ) {
    super(code, message);
  }
}

type ErrorBody = { message?: unknown; errors?: unknown; documentation_url?: unknown };

/**
 * The error for a non-2xx answer: status, GitHub's `message`, field errors, the docs link and the rate limit, as in
 * `GitHub answered 422 Validation Failed: assignees invalid (https://docs.github.com/…)`; a body that is not GitHub's
 * JSON (a proxy's page) is quoted briefly. Everything is masked with `maskToken`.
 */
export function errorFromAnswer(response: Response, text: string, token: string): GithubError {
  const mask = (value: string) => maskToken(value, token);
  let body: ErrorBody | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as ErrorBody;
  } catch {}
  const githubMessage = typeof body?.message === 'string' ? mask(body.message) : undefined;
  const fields = Array.isArray(body?.errors)
    ? body.errors
        .map((item: { field?: unknown; code?: unknown; message?: unknown } | string) =>
          typeof item === 'string'
            ? item
            : [item?.field, item?.code, item?.message].filter((part) => typeof part === 'string').join(' '),
        )
        .filter((part) => part !== '')
        .map(mask)
    : [];
  const documentationUrl =
    typeof body?.documentation_url === 'string' ? mask(body.documentation_url) : undefined;
  const rateLimit = rateLimitOf(response);
  const said = githubMessage ?? (body ? response.statusText : snippet(mask(text)) || response.statusText);
  const parts = [
    `GitHub answered ${response.status}${said ? ` ${said}` : ''}`,
    fields.length > 0 ? `: ${fields.join('; ')}` : '',
    documentationUrl ? ` (${documentationUrl})` : '',
    rateLimit?.retryAfterSeconds !== undefined
      ? `; rate limited: retry after ${rateLimit.retryAfterSeconds} s`
      : '',
    rateLimit?.resetAt ? `; rate limit used up until ${rateLimit.resetAt}` : '',
  ];
  return new GithubError('http', mask(parts.join('')), {
    status: response.status,
    ...(githubMessage ? { githubMessage } : {}),
    ...(documentationUrl ? { documentationUrl } : {}),
    ...(rateLimit ? { rateLimit } : {}),
  });
}

function rateLimitOf(response: Response): GithubRateLimit | undefined {
  if (response.status !== 403 && response.status !== 429) return undefined;
  const retryAfter = Number(response.headers.get('retry-after'));
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  const usedUp = response.headers.get('x-ratelimit-remaining') === '0';
  const limit = {
    ...(response.headers.has('retry-after') && Number.isFinite(retryAfter)
      ? { retryAfterSeconds: retryAfter }
      : {}),
    ...(usedUp && Number.isFinite(reset) && reset > 0
      ? { resetAt: new Date(reset * 1000).toISOString() }
      : {}),
  };
  return Object.keys(limit).length > 0 ? limit : undefined;
}

// A proxy's HTML or text page: its first words, on one line.
function snippet(text: string): string {
  const line = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
