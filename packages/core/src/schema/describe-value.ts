import { maskSecrets } from '../redact/mask-secrets.js';
import { redactWith } from '../redact/redact-value.js';

/** How an error message speaks of a value at a secret place, whatever its kind: never the value itself. */
export const SENSITIVE_VALUE = 'a sensitive value (not repeated here)';

// Controls and separators are written as escapes, so a message stays one readable line.
const UNPRINTABLE_SOURCE = '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
const UNPRINTABLE = new RegExp(UNPRINTABLE_SOURCE, 'g');
const HAS_UNPRINTABLE = new RegExp(UNPRINTABLE_SOURCE);

/**
 * A short, safe preview of a value for error messages: `'red'`, `42`, `an object`, `a string of 12,000 chars`.
 * Secret-shaped text is masked (`maskSecrets`) and control characters are escaped (`\u0000`).
 */
export function describeValue(value: unknown, maxLength = 60): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    if (value.length > maxLength) return `a string of ${value.length.toLocaleString('en-US')} characters`;
    const masked = maskSecrets(value);
    if (!HAS_UNPRINTABLE.test(masked)) return `'${masked}'`;
    const shown = masked.replace(
      UNPRINTABLE,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    return `'${shown}'`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'object') {
    let text: string;
    try {
      text = JSON.stringify(redactWith(value));
    } catch {
      return 'an object';
    }
    return text.length <= maxLength ? text : 'an object';
  }
  return `a ${typeof value}`;
}

/** The value at `path` inside `root`, or undefined. Reads own properties only. */
export function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** `color`, `items[2].name`, or `the arguments` for the root. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return 'the arguments';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}
