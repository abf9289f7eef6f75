import { formatChecks } from '#format-checks';
import type { Dialect } from './dialect-of.js';
import type { SchemaError } from './json-schema-validator.js';
import { notLoaded } from './schema-loading.js';
import { isNode, type SchemaNode } from './schema-walk.js';
import type { FormatChecks } from './string-formats.js';

// The keywords of one type group for the CSP-safe interpreter (interpret-schema.ts), each writing ajv's errors.

/** What one walk knows: the root (for `$ref`), the draft, and the errors written so far. */
export interface Walk {
  readonly root: unknown;
  readonly dialect: Dialect;
  errors: SchemaError[];
  /** Inside a composite rule (`not`, `anyOf`, `oneOf`, `if`, `contains`), where ajv fills no defaults. */
  composite: boolean;
}

/** The keys and items of one value that some keyword of a passing schema looked at (for `unevaluated*`). */
export interface Seen {
  keys: Set<string>;
  items: number;
}

const COMPARISON: Record<string, [string, (value: number, limit: number) => boolean]> = {
  maximum: ['<=', (value, limit) => value <= limit],
  minimum: ['>=', (value, limit) => value >= limit],
  exclusiveMaximum: ['<', (value, limit) => value < limit],
  exclusiveMinimum: ['>', (value, limit) => value > limit],
};
// keyword → [too many?, noun]
const LIMITS: Record<string, [boolean, string]> = {
  maxLength: [true, 'characters'],
  minLength: [false, 'characters'],
  maxItems: [true, 'items'],
  minItems: [false, 'items'],
  maxProperties: [true, 'properties'],
  minProperties: [false, 'properties'],
};

const patterns = new Map<string, RegExp>();

/** The RegExp of a schema pattern, as ajv builds it (`u` flag), kept across schemas. */
export function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    if (patterns.size > 1_000) patterns.clear();
    patterns.set(source, pattern);
  }
  return pattern;
}

/** Whether a value is of a JSON Schema type, as ajv checks it (`integer`: a number without a fraction). */
export function hasType(value: unknown, type: string): boolean {
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (type === 'integer') return actual === 'number' && !((value as number) % 1) && !Number.isNaN(value);
  return actual === type;
}

/** Keys of an object whose values are not `undefined` (ajv treats those as absent). */
export function keysOf(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

export function pointer(path: readonly string[]): string {
  return path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function push(
  walk: Walk,
  path: readonly string[],
  keyword: string,
  params: Record<string, unknown>,
  message: string,
  parentSchema: unknown,
): void {
  walk.errors.push({ keyword, instancePath: pointer(path), params, message, parentSchema });
}

export type Has = (keyword: string) => boolean;
export type Child = (schema: unknown, item: unknown, at: string[], into?: Seen) => boolean;
export type Apart = (
  schema: unknown,
  item?: unknown,
  at?: string[],
) => { found: Seen | undefined; errors: SchemaError[] };

export function numberKeywords(walk: Walk, node: SchemaNode, value: number, path: string[], has: Has): void {
  for (const [keyword, [comparison, holds]] of Object.entries(COMPARISON)) {
    const limit = node[keyword];
    if (typeof limit === 'number' && !holds(value, limit))
      push(walk, path, keyword, { comparison, limit }, `must be ${comparison} ${limit}`, node);
  }
  if (has('multipleOf')) {
    const quotient = value / Number(node.multipleOf);
    if (quotient !== Number.parseInt(String(quotient), 10))
      push(
        walk,
        path,
        'multipleOf',
        { multipleOf: node.multipleOf },
        `must be multiple of ${node.multipleOf}`,
        node,
      );
  }
  if (typeof node.format === 'string') checkFormat(walk, node, 'number', value, path);
}

export function stringKeywords(walk: Walk, node: SchemaNode, value: string, path: string[]): void {
  if (node.maxLength !== undefined || node.minLength !== undefined) {
    const length = [...value].length; // code points, as ajv counts
    limit(walk, node, 'maxLength', length, path);
    limit(walk, node, 'minLength', length, path);
  }
  if (typeof node.pattern === 'string' && !patternOf(node.pattern).test(value))
    push(walk, path, 'pattern', { pattern: node.pattern }, `must match pattern "${node.pattern}"`, node);
  if (typeof node.format === 'string') checkFormat(walk, node, 'string', value, path);
}

// ajv-formats' checks (string-formats.ts); a format it does not know is ignored, as ajv does with `strict: false`.
function checkFormat<T extends keyof FormatChecks>(
  walk: Walk,
  node: SchemaNode,
  kind: T,
  value: Parameters<FormatChecks[T][string]>[0],
  path: string[],
): void {
  const format = node.format as string;
  const checks = formatChecks();
  if (!checks) throw notLoaded('a JSON Schema check', 'the format checks');
  const table = checks[kind] as Readonly<Record<string, (value: unknown) => boolean>>;
  if (Object.hasOwn(table, format) && !table[format]!(value))
    push(walk, path, 'format', { format }, `must match format "${format}"`, node);
}

function limit(walk: Walk, node: SchemaNode, keyword: string, count: number, path: string[]): void {
  const bound = node[keyword];
  if (typeof bound !== 'number') return;
  const [most, noun] = LIMITS[keyword]!;
  if (most ? count > bound : count < bound)
    push(
      walk,
      path,
      keyword,
      { limit: bound },
      `must NOT have ${most ? 'more' : 'fewer'} than ${bound} ${noun}`,
      node,
    );
}

export function arrayKeywords(
  walk: Walk,
  node: SchemaNode,
  value: unknown[],
  path: string[],
  has: Has,
  child: Child,
  apart: Apart,
  seen: Seen,
): void {
  if (!walk.composite && Array.isArray(node.items)) fillDefaults(node.items, value);
  limit(walk, node, 'maxItems', value.length, path);
  limit(walk, node, 'minItems', value.length, path);
  const at = (index: number) => [...path, String(index)];
  const tuple = has('prefixItems') ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  const rest = Array.isArray(tuple) ? (has('prefixItems') ? 'items' : 'additionalItems') : 'items';
  const checkTuple = () => {
    if (!Array.isArray(tuple)) return;
    tuple.forEach((schema, index) => {
      if (index < value.length) child(schema, value[index], at(index), seen);
    });
    seen.items = Math.max(seen.items, Math.min(tuple.length, value.length));
  };
  // ajv checks `additionalItems` before the tuple (draft-07, 2019-09), 2020-12's `items` after `prefixItems`.
  if (rest === 'items') checkTuple();
  const restSchema = rest === 'items' && Array.isArray(node.items) ? undefined : node[rest];
  const from = Array.isArray(tuple) ? tuple.length : 0;
  if (restSchema === false && from > 0 && value.length > from) {
    push(walk, path, rest, { limit: from }, `must NOT have more than ${from} items`, node);
  } else if (restSchema !== undefined) {
    for (let index = from; index < value.length; index++) child(restSchema, value[index], at(index));
    seen.items = value.length;
  }
  if (rest === 'additionalItems') checkTuple();
  if (has('contains')) {
    const min = has('minContains') && typeof node.minContains === 'number' ? node.minContains : 1;
    const max = has('maxContains') && typeof node.maxContains === 'number' ? node.maxContains : undefined;
    const tries = value.map((item, index) => apart(node.contains, item, at(index)));
    const count = tries.filter((attempt) => attempt.found).length;
    if (count < min || (max !== undefined && count > max)) {
      for (const attempt of tries) walk.errors.push(...attempt.errors);
      const message =
        max === undefined
          ? `must contain at least ${min} valid item(s)`
          : `must contain at least ${min} and no more than ${max} valid item(s)`;
      push(walk, path, 'contains', { minContains: min, maxContains: max }, message, node);
    }
  }
  // ajv checks `uniqueItems` after the keywords that look at items (theirs are declared `before` it).
  if (node.uniqueItems === true) {
    const [i, j] = duplicates(node, value);
    if (i >= 0)
      push(
        walk,
        path,
        'uniqueItems',
        { i, j },
        `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
        node,
      );
  }
}

export function objectKeywords(
  walk: Walk,
  node: SchemaNode,
  value: Record<string, unknown>,
  path: string[],
  has: Has,
  child: Child,
  seen: Seen,
): void {
  if (!walk.composite && isNode(node.properties)) fillDefaults(node.properties, value);
  const keys = keysOf(value);
  limit(walk, node, 'maxProperties', keys.length, path);
  limit(walk, node, 'minProperties', keys.length, path);
  if (Array.isArray(node.required)) {
    for (const name of node.required as string[]) {
      if (value[name] === undefined)
        push(
          walk,
          path,
          'required',
          { missingProperty: name },
          `must have required property '${name}'`,
          node,
        );
    }
  }
  if (has('propertyNames')) {
    for (const key of keys) {
      const count = walk.errors.length;
      child(node.propertyNames, key, path);
      if (walk.errors.length === count) continue;
      for (let index = count; index < walk.errors.length; index++)
        walk.errors[index] = { ...walk.errors[index]!, instancePath: pointer(path), propertyName: key };
      push(walk, path, 'propertyNames', { propertyName: key }, 'property name must be valid', node);
    }
  }
  const properties = isNode(node.properties) ? node.properties : {};
  const patterned = isNode(node.patternProperties) ? Object.entries(node.patternProperties) : [];
  if (node.additionalProperties !== undefined) {
    for (const key of keys) {
      if (Object.hasOwn(properties, key) || patterned.some(([source]) => patternOf(source).test(key)))
        continue;
      seen.keys.add(key);
      if (node.additionalProperties === false) {
        const params = { additionalProperty: key };
        push(walk, path, 'additionalProperties', params, 'must NOT have additional properties', node);
      } else child(node.additionalProperties, value[key], [...path, key]);
    }
  }
  for (const keyword of ['dependencies', 'dependentRequired']) {
    if (!has(keyword) || !isNode(node[keyword])) continue;
    for (const [property, deps] of Object.entries(node[keyword] as SchemaNode)) {
      if (value[property] === undefined || !Array.isArray(deps)) continue;
      const noun = deps.length === 1 ? 'property' : 'properties';
      for (const missingProperty of deps as string[]) {
        if (value[missingProperty] !== undefined) continue;
        const params = { property, missingProperty, depsCount: deps.length, deps: deps.join(', ') };
        push(
          walk,
          path,
          keyword,
          params,
          `must have ${noun} ${params.deps} when property ${property} is present`,
          node,
        );
      }
    }
    if (keyword === 'dependencies')
      dependentSchemas(node.dependencies as SchemaNode, value, path, child, seen);
  }
  for (const [key, schema] of Object.entries(properties)) {
    if (value[key] === undefined) continue;
    seen.keys.add(key);
    child(schema, value[key], [...path, key]);
  }
  for (const [source, schema] of patterned) {
    for (const key of keys) {
      if (!patternOf(source).test(key)) continue;
      seen.keys.add(key);
      child(schema, value[key], [...path, key]);
    }
  }
  if (has('dependentSchemas') && isNode(node.dependentSchemas))
    dependentSchemas(node.dependentSchemas, value, path, child, seen);
}

function dependentSchemas(
  map: SchemaNode,
  value: Record<string, unknown>,
  path: string[],
  child: Child,
  seen: Seen,
) {
  for (const [property, schema] of Object.entries(map)) {
    if (value[property] !== undefined && !Array.isArray(schema)) child(schema, value, path, seen);
  }
}

export function unevaluated(
  walk: Walk,
  node: SchemaNode,
  value: unknown,
  path: string[],
  has: Has,
  child: Child,
  seen: Seen,
) {
  if (has('unevaluatedProperties') && isNode(value)) {
    for (const key of keysOf(value)) {
      if (seen.keys.has(key)) continue;
      if (node.unevaluatedProperties === false) {
        const params = { unevaluatedProperty: key };
        push(walk, path, 'unevaluatedProperties', params, 'must NOT have unevaluated properties', node);
      } else child(node.unevaluatedProperties, value[key], [...path, key]);
      seen.keys.add(key);
    }
  }
  if (has('unevaluatedItems') && Array.isArray(value) && value.length > seen.items) {
    if (node.unevaluatedItems === false) {
      const params = { limit: seen.items };
      push(walk, path, 'unevaluatedItems', params, `must NOT have more than ${seen.items} items`, node);
    } else {
      for (let index = seen.items; index < value.length; index++)
        child(node.unevaluatedItems, value[index], [...path, String(index)]);
    }
    seen.items = value.length;
  }
}

/** JSON equality, keys in any order (ajv's fast-deep-equal). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** The pair ajv names for the first duplicate: a hash scan from the end for scalar items, else a pairwise one. */
function duplicates(node: SchemaNode, items: unknown[]): [number, number] {
  const itemSchema = node.items as { type?: unknown } | undefined;
  const types = isNode(itemSchema) ? [itemSchema.type].flat().filter(Boolean) : [];
  if (types.length > 0 && !types.some((type) => type === 'object' || type === 'array')) {
    // ajv's scan for scalar items: items of another type are skipped, keys compared as object keys.
    const at = new Map<string, number>();
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (!types.some((type) => hasType(item, String(type)))) continue;
      const key = typeof item === 'string' && types.length > 1 ? `${item}_` : String(item);
      const j = at.get(key);
      if (j !== undefined) return [i, j];
      at.set(key, i);
    }
    return [-1, -1];
  }
  for (let i = items.length - 1; i >= 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (equal(items[i], items[j])) return [i, j];
  }
  return [-1, -1];
}

/** ajv's `useDefaults`: at the start of the object (or array) keywords, each missing property (or tuple item) gets its default. */
function fillDefaults(schemas: SchemaNode | unknown[], value: Record<string, unknown> | unknown[]): void {
  for (const [key, schema] of Object.entries(schemas)) {
    const target = value as Record<string, unknown>;
    if (!isNode(schema) || schema.default === undefined || target[key] !== undefined) continue;
    // ajv writes the default as a literal into its code: every call gets a fresh copy.
    target[key] =
      schema.default !== null && typeof schema.default === 'object'
        ? structuredClone(schema.default)
        : schema.default;
  }
}
