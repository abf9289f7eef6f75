import { isDeepStrictEqual } from 'node:util';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether `partial` is what a streaming parser may show before the text of `final` is complete: nothing yet,
 * or the same kind of value where strings are prefixes, numbers and literals are final, and arrays and
 * objects hold final values for every member but the one still open (itself prefix-consistent): the last
 * element of an array, any one member of an object (JS orders integer-like keys first, not in text order).
 */
export function isPrefixConsistent(partial: unknown, final: unknown): boolean {
  if (partial === undefined) return true;
  if (typeof partial === 'string') return typeof final === 'string' && final.startsWith(partial);
  if (partial === null || typeof partial !== 'object') return Object.is(partial, final);
  if (Array.isArray(partial)) {
    if (!Array.isArray(final) || partial.length > final.length) return false;
    const last = partial.length - 1;
    return partial.every((item, index) =>
      index === last ? isPrefixConsistent(item, final[index]) : isDeepStrictEqual(item, final[index]),
    );
  }
  if (!isPlainObject(final)) return false;
  let open = 0;
  for (const [key, value] of Object.entries(partial)) {
    if (!Object.hasOwn(final, key)) return false;
    if (isDeepStrictEqual(value, final[key])) continue;
    if (++open > 1 || !isPrefixConsistent(value, final[key])) return false;
  }
  return true;
}
