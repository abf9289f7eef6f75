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
  let lastKeys: readonly string[] = [];
  let lastHeads: readonly string[] = [];
  return (value) => {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return undefined;
    const keys = Object.keys(value);
    if (keys.length === 0 || keys.length > 32) return undefined;
    let heads = lastHeads;
    if (!sameKeys(keys, lastKeys)) {
      const made = keyHeads(keys);
      if (!made) return undefined;
      lastKeys = keys;
      heads = lastHeads = made;
    }
    let text = '';
    for (let index = 0; index < keys.length; index++) {
      const child = (value as Record<string, unknown>)[keys[index]!];
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
    }
    return `${text}}`;
  };
}

function sameKeys(keys: readonly string[], last: readonly string[]): boolean {
  if (keys.length !== last.length) return false;
  for (let index = 0; index < keys.length; index++) if (keys[index] !== last[index]) return false;
  return true;
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
