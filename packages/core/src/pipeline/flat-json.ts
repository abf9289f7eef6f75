/**
 * JSON text for the usual handler result, a plain object of scalars, written without `JSON.stringify`: on Node 20
 * a call into that builtin costs ~150–400 ns for a few keys, most of a valid call's model text. Results of one
 * action mostly share their keys, so each writer keeps the quoted key prefixes of the last key list it saw.
 * Anything else (nesting, arrays, class instances, `undefined`, strings needing escapes) answers `undefined`, and
 * the caller uses `JSON.stringify`, whose output this matches exactly where it answers.
 */
export type FlatJsonWriter = (value: object) => string | undefined;

/** A writer with its own key-prefix cache (one per action). */
export function createFlatJsonWriter(): FlatJsonWriter {
  let keys: readonly string[] = [];
  let heads: readonly string[] = [];
  return (value) => {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return undefined;
    const text = writeWith(value as Record<string, unknown>, keys, heads);
    if (text !== MISMATCH) return text;
    // Another key list than last time: make its prefixes, then write again.
    const ownKeys = Object.keys(value);
    const made = ownKeys.length > 0 && ownKeys.length <= 32 ? keyHeads(ownKeys) : undefined;
    if (!made) return undefined;
    keys = ownKeys;
    heads = made;
    const again = writeWith(value as Record<string, unknown>, keys, heads);
    return again === MISMATCH ? undefined : again;
  };
}

const MISMATCH = Symbol('mismatch');

// The text when `value` has exactly the keys `keys` (in order) and only scalars; MISMATCH when its keys differ;
// undefined when a value is not written here. for-in walks the enumeration cache, so no key array is made; it needs
// no `Object.hasOwn`: own keys come first, so an inherited enumerable key (a polluted prototype) arrives past the
// end of `keys` and answers MISMATCH, and the caller falls back to `JSON.stringify`, which leaves it out.
function writeWith(
  value: Record<string, unknown>,
  keys: readonly string[],
  heads: readonly string[],
): string | undefined | typeof MISMATCH {
  let text = '';
  let index = 0;
  for (const key in value) {
    if (key !== keys[index]) return MISMATCH;
    const child = value[key];
    switch (typeof child) {
      case 'string':
        if (!isPlain(child)) return undefined;
        text += `${heads[index]}"${child}"`;
        break;
      case 'number':
        text += heads[index] + (Number.isFinite(child) ? String(child) : 'null');
        break;
      case 'boolean':
        text += heads[index] + (child ? 'true' : 'false');
        break;
      default:
        if (child !== null) return undefined;
        text += `${heads[index]}null`;
    }
    index++;
  }
  if (index !== keys.length || index === 0) return MISMATCH;
  return `${text}}`;
}

// `{"first":`, `,"second":`, …; undefined when a key needs escaping.
function keyHeads(keys: readonly string[]): string[] | undefined {
  const heads: string[] = [];
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (!isPlain(key)) return undefined;
    heads.push(`${index === 0 ? '{' : ','}"${key}":`);
  }
  return heads;
}

// Whether JSON writes the string as it is between quotes: no quote, backslash, control character or surrogate.
function isPlain(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}
