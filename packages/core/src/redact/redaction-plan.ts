import { type JsonRecord, resolveLocalRef } from '../util/resolve-local-ref.js';

// A schema is read here as a plain JSON object: redaction sits below the schema layer.
type JsonSchema = JsonRecord;

import { isSecretKey } from './secret-keys.js';

/** `scan`: look inside (keys by name, text by shape); `secret`: hide the whole value; `keep`: show as it is. */
export type RedactionMode = 'scan' | 'secret' | 'keep';

/** What to do with one place in a value, and with the places below it. */
export interface RedactionNode {
  readonly mode: RedactionMode;
  /** Properties the schema (or a `sensitive` path) names. */
  readonly properties: ReadonlyMap<string, RedactionNode> | undefined;
  /** Any other property (`additionalProperties`, or `*` in a path). */
  readonly additional: RedactionNode | undefined;
  readonly items: RedactionNode | undefined;
}

/** A compiled redaction: the tree for the value's schema, and the registry's extra secret key names. */
export interface Redaction {
  readonly root: RedactionNode;
  readonly extraKeys: RegExp | undefined;
}

type MutableNode = { -readonly [K in keyof RedactionNode]: RedactionNode[K] } & {
  properties: Map<string, RedactionNode> | undefined;
};

/** Look inside: the node of any place no schema describes. */
export const SCAN: RedactionNode = Object.freeze(node('scan'));
/** Hide the whole value. */
export const SECRET: RedactionNode = Object.freeze(node('secret'));
const KEEP: RedactionNode = Object.freeze(node('keep'));
const MAX_SCHEMA_DEPTH = 32;

/**
 * Compile how values of `schema` are redacted, once per action: a property the schema marks `writeOnly: true`,
 * `x-sensitive: true` or `format: "password"` is secret, one marked `x-sensitive: false` is kept as it is (the
 * schema wins over the name and shape rules both ways), one whose key is secret by name (`isSecretKey`, or
 * `extraKeys`) is secret; every `sensitive` path (`login.password`, `headers.*`, `accounts.*.pin`) is secret.
 */
export function compileRedaction(
  schema: JsonSchema | undefined,
  options: {
    readonly extraKeys?: RegExp | undefined;
    readonly sensitive?: readonly string[] | undefined;
  } = {},
): Redaction {
  const { extraKeys, sensitive } = options;
  let root = schema ? compileNode(schema, { root: schema, extraKeys, done: new Map() }, 0) : SCAN;
  for (const path of sensitive ?? []) root = markSecret(root, path.split('.'), 0);
  return { root, extraKeys };
}

/** The node of property `key` below `parent`: named by the schema, else secret by name, else the parent's rest. */
export function childNode(parent: RedactionNode, key: string, extraKeys: RegExp | undefined): RedactionNode {
  const declared = parent.properties?.get(key);
  if (declared) return declared;
  const rest = parent.additional;
  if (rest?.mode === 'keep') return rest;
  if (isSecretKey(key) || extraKeys?.test(key)) return SECRET;
  return rest ?? SCAN;
}

/** Whether the place at `path` is secret under `redaction` (a secret place above it counts; a kept one does not). */
export function isSecretPath(redaction: Redaction, path: ReadonlyArray<string | number>): boolean {
  let at = redaction.root;
  for (const segment of path) {
    if (at.mode !== 'scan') break;
    at = typeof segment === 'number' ? (at.items ?? SCAN) : childNode(at, segment, redaction.extraKeys);
  }
  return at.mode === 'secret';
}

function node(mode: RedactionMode): MutableNode {
  return { mode, properties: undefined, additional: undefined, items: undefined };
}

function hintOf(schema: JsonSchema): RedactionMode | undefined {
  if (schema.writeOnly === true || schema['x-sensitive'] === true || schema.format === 'password')
    return 'secret';
  if (schema['x-sensitive'] === false) return 'keep';
  return undefined;
}

interface Compiling {
  readonly root: JsonSchema;
  readonly extraKeys: RegExp | undefined;
  /** Each schema object's node, once compiled (null while it is: a recursive schema reads as `scan` there). */
  readonly done: Map<object, RedactionNode | null>;
}

function compileNode(given: unknown, compiling: Compiling, depth: number): RedactionNode {
  if (!given || typeof given !== 'object' || depth > MAX_SCHEMA_DEPTH) return SCAN;
  const schema = resolved(given as JsonSchema, compiling.root);
  const known = compiling.done.get(schema);
  if (known !== undefined) return known ?? SCAN;
  compiling.done.set(schema, null);
  const compiled = compileSchema(schema, compiling, depth);
  compiling.done.set(schema, compiled);
  return compiled;
}

function compileSchema(schema: JsonSchema, compiling: Compiling, depth: number): RedactionNode {
  const { extraKeys } = compiling;
  const hint = hintOf(schema);
  if (hint) return hint === 'secret' ? SECRET : KEEP;
  const compiled = node('scan');
  let described = false;
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const [key, child] of Object.entries(properties as Record<string, unknown>)) {
      let childCompiled = compileNode(child, compiling, depth + 1);
      if (childCompiled.mode === 'scan' && (isSecretKey(key) || extraKeys?.test(key))) childCompiled = SECRET;
      compiled.properties ??= new Map();
      compiled.properties.set(key, childCompiled);
      described = true;
    }
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    compiled.additional = compileNode(schema.additionalProperties, compiling, depth + 1);
    described = true;
  }
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    compiled.items = compileNode(schema.items, compiling, depth + 1);
    described = true;
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) merge(compiled, compileNode(branch, compiling, depth + 1));
    described = true;
  }
  return described ? compiled : SCAN;
}

function resolved(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = resolveLocalRef(root, schema.$ref);
  return target && typeof target === 'object' ? (target as JsonSchema) : schema;
}

// Fold a combinator's branch into the node: a place secret in any branch is secret.
function merge(into: MutableNode, branch: RedactionNode): void {
  if (branch.mode !== 'scan') return;
  for (const [key, child] of branch.properties ?? []) {
    into.properties ??= new Map();
    const existing = into.properties.get(key);
    into.properties.set(
      key,
      existing && existing.mode !== 'keep' && child.mode !== 'secret' ? existing : child,
    );
  }
  into.additional ??= branch.additional;
  into.items ??= branch.items;
}

// A copy of `at` with the place at `path` secret (`*` is every property and every item).
function markSecret(at: RedactionNode, path: readonly string[], index: number): RedactionNode {
  if (index >= path.length) return SECRET;
  if (at.mode === 'secret') return at;
  const copy: MutableNode = { ...at, properties: at.properties ? new Map(at.properties) : undefined };
  copy.mode = 'scan';
  const segment = path[index]!;
  if (segment === '*') {
    copy.additional = markSecret(at.additional ?? SCAN, path, index + 1);
    copy.items = markSecret(at.items ?? SCAN, path, index + 1);
    for (const [key, child] of copy.properties ?? [])
      copy.properties!.set(key, markSecret(child, path, index + 1));
    return copy;
  }
  copy.properties ??= new Map();
  copy.properties.set(segment, markSecret(at.properties?.get(segment) ?? SCAN, path, index + 1));
  return copy;
}
