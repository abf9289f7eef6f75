/** What a masked secret is replaced with. */
export const MASK = '***';

// GitHub's token formats (classic, OAuth, user-to-server, server-to-server, refresh, fine-grained) and the value of an
// Authorization header as a proxy may echo it, quoted or not.
const GITHUB_TOKEN = /\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,})/g;
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?)((?:token|bearer|basic)\s+)?[^\s"',;}\]]+/gi;

/**
 * Replace `token` wherever it appears in `text` (and in its URL-encoded form), any GitHub-format token, and the value
 * of anything that reads like an Authorization header, with `***`. For every text that leaves a GitHub handler.
 */
export function maskToken(text: string, token: string): string {
  let masked = text;
  if (token !== '') {
    masked = masked.replaceAll(token, MASK);
    const encoded = encodeURIComponent(token);
    if (encoded !== token) masked = masked.replaceAll(encoded, MASK);
  }
  return masked
    .replace(GITHUB_TOKEN, MASK)
    .replace(
      AUTHORIZATION,
      (_match, label: string, scheme: string | undefined) => `${label}${scheme ?? ''}${MASK}`,
    );
}

/** `maskToken` applied to every string in a JSON-like value (keys included); other values are kept. */
export function maskDeep<T>(value: T, token: string): T {
  if (typeof value === 'string') return maskToken(value, token) as T;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, token)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [maskToken(key, token), maskDeep(item, token)]),
    ) as T;
  }
  return value;
}
