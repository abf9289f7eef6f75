import { maskSecrets, REDACTED } from './mask-secrets.js';
import { childNode, type Redaction, type RedactionNode, SCAN } from './redaction-plan.js';
import { isSecretKey } from './secret-keys.js';

const MAX_DEPTH = 64;
// Shorter text holds no secret `maskSecrets` can recognise.
const MIN_SECRET_TEXT = 8;
// Values looked at per redaction: beyond it (a huge or self-referring context), what is left is hidden.
const MAX_NODES = 100_000;
// Text that starts like JSON is read as JSON (so `args: '{"password": "…"}'` is redacted like an object).
const MAX_JSON_TEXT = 1_000_000;
const NO_REDACTION: Redaction = Object.freeze({ root: SCAN, extraKeys: undefined });

interface Walk {
  readonly extraKeys: RegExp | undefined;
  nodes: number;
}

/**
 * A copy of `value` with its secrets replaced by "[redacted]" (the same value when it holds none, so the usual
 * call allocates nothing): whole values at secret places (see `compileRedaction`), secret-shaped text anywhere
 * (see `maskSecrets`), and the same inside text that is JSON. `null`, `undefined` and booleans stay as they are.
 */
export function redactWith(value: unknown, redaction: Redaction = NO_REDACTION): unknown {
  const { root } = redaction;
  if (root.mode === 'scan' && isFlatAndPlain(value, root)) return value;
  return walk(value, root, { extraKeys: redaction.extraKeys, nodes: 0 }, 0);
}

// The usual arguments: an object of numbers, booleans and short text under keys the schema declares and leaves to
// be looked into. Nothing there can be secret, so nothing is copied or walked.
function isFlatAndPlain(value: unknown, root: RedactionNode): boolean {
  const { properties } = root;
  if (properties === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
    return false;
  // for-in walks the enumeration cache without making a key array (this runs on every audited call).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' ? item !== null : typeof item === 'string' && item.length >= MIN_SECRET_TEXT)
      return false;
    const node = properties.get(key);
    if (node === undefined || node.mode === 'secret') return false;
  }
  return true;
}

/**
 * Text that may be JSON, or near-JSON that did not parse, with its secrets hidden: parsed and redacted when it is
 * JSON; otherwise every `"key": value` pair with a secret key masked, then `maskSecrets`.
 */
export function redactText(text: string, extraKeys?: RegExp): string {
  return redactString(text, { extraKeys, nodes: 0 }, 0);
}

function walk(value: unknown, node: RedactionNode, state: Walk, depth: number): unknown {
  if (node.mode === 'keep') return value;
  if (node.mode === 'secret')
    return value === null || value === undefined || typeof value === 'boolean' ? value : REDACTED;
  if (typeof value === 'string') return redactString(value, state, depth);
  if (value === null || typeof value !== 'object') return value;
  if (++state.nodes > MAX_NODES || depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    const items = node.items ?? SCAN;
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const next = walk(item, items, state, depth + 1);
      if (next !== item) {
        copy ??= value.slice();
        copy[index] = next;
      }
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const next = walk(item, childNode(node, key, state.extraKeys), state, depth + 1);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      // A defined property, not an assignment: a `__proto__` key must stay a key.
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
}

function redactString(text: string, state: Walk, depth: number): string {
  if (text.length < MIN_SECRET_TEXT) return text;
  const first = text.charCodeAt(0);
  // `{` or `[` (or white space before them): perhaps JSON.
  if ((first === 123 || first === 91 || first <= 32) && text.length <= MAX_JSON_TEXT) {
    const trimmed = text.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) return redactJsonText(text, state, depth);
  }
  return maskSecrets(text);
}

function redactJsonText(text: string, state: Walk, depth: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return maskSecrets(maskSecretPairs(text, state.extraKeys));
  }
  const redacted = walk(parsed, SCAN, state, depth + 1);
  return redacted === parsed ? text : JSON.stringify(redacted);
}

// `"key": value` in text that is not quite JSON: the value of a secret key is masked.
const PAIR = /"((?:[^"\\]|\\.){1,100})"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]+)/g;

function maskSecretPairs(text: string, extraKeys: RegExp | undefined): string {
  return text.replace(PAIR, (pair, key: string, colon: string) =>
    isSecretKey(key) || extraKeys?.test(key) ? `"${key}"${colon}"${REDACTED}"` : pair,
  );
}
