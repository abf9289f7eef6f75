const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON text that a `jsonb` column accepts, or null for `undefined`: Postgres refuses the NUL character and
 * lone UTF-16 surrogates, so both become U+FFFD (the only change made to the value).
 */
export function toJsonText(value: unknown): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  if (text === undefined) return null;
  // JSON.stringify writes both as escapes (`\u0000`, `\ud800`); only then is the slow, cleaning copy needed.
  if (!text.includes('\\u0000') && !text.includes('\\ud')) return text;
  return JSON.stringify(clean(value)) ?? null;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object') {
    const withJson = value as { toJSON?: () => unknown };
    if (typeof withJson.toJSON === 'function') return clean(withJson.toJSON());
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[cleanString(key)] = clean(item);
    return copy;
  }
  return value;
}

function cleanString(text: string): string {
  return text.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');
}

/** An ISO 8601 text for a timestamp column's value (a Date from either driver, or text). */
export function isoOf(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

/** Whether `text` is a date that Postgres and `Date` both read. */
export function isTimestamp(text: unknown): text is string {
  return typeof text === 'string' && text.length >= 10 && !Number.isNaN(Date.parse(text));
}
