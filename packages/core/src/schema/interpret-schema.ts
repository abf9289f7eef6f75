import type { Dialect } from './dialect-of.js';
import type { SchemaError } from './json-schema-validator.js';
import { isNode, localRef, type SchemaNode } from './schema-walk.js';
import { NUMBER_FORMATS, STRING_FORMATS } from './string-formats.js';

/** What one walk knows: the root (for `$ref`), the draft, and the errors written so far. */
interface Walk {
  readonly root: unknown;
  readonly dialect: Dialect;
  errors: SchemaError[];
}

/** The keys and items of one value that some keyword of a passing schema looked at (for `unevaluated*`). */
interface Seen {
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
// The keywords of each type group, in ajv's order; a single `type` is checked where its group comes.
const GROUP_KEYWORDS: Record<string, readonly string[]> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'uniqueItems', 'additionalItems', 'items', 'prefixItems', 'contains'],
  object: [
    'maxProperties',
    'minProperties',
    'required',
    'propertyNames',
    'additionalProperties',
    'dependencies',
    'properties',
    'patternProperties',
    'dependentRequired',
    'dependentSchemas',
  ],
};
const NEWER = ['dependentRequired', 'dependentSchemas', 'minContains', 'maxContains', 'unevaluated'];
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

/**
 * Check a value against a schema by walking both, writing ajv's errors (`allErrors`, `verbose`: keyword, params,
 * message, parent schema) in ajv's order as it goes — no code generated, no second pass over another validator's output.
 */
export function interpret(root: unknown, dialect: Dialect, value: unknown): SchemaError[] {
  const walk: Walk = { root, dialect, errors: [] };
  visit(walk, root, value, []);
  return walk.errors;
}

/** Whether a value conforms to one subschema of `root`. */
export function conformsTo(root: unknown, dialect: Dialect, node: unknown, value: unknown): boolean {
  const walk: Walk = { root, dialect, errors: [] };
  visit(walk, node, value, []);
  return walk.errors.length === 0;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  if (type === 'integer') return actual === 'number' && !((value as number) % 1) && !Number.isNaN(value);
  return actual === type;
}

/** Keys of an object whose values are not `undefined` (ajv treats those as absent). */
function keysOf(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

function pointer(path: readonly string[]): string {
  return path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function push(
  walk: Walk,
  path: readonly string[],
  keyword: string,
  params: Record<string, unknown>,
  message: string,
  parentSchema: unknown,
): void {
  walk.errors.push({ keyword, instancePath: pointer(path), params, message, parentSchema });
}

/** Walk `node` over `value` at `path`; returns what it evaluated when it passed (for `unevaluated*`). */
function visit(walk: Walk, node: unknown, value: unknown, path: string[], depth = 0): Seen | undefined {
  const seen: Seen = { keys: new Set(), items: 0 };
  if (node === true) return seen;
  if (node === false) {
    push(walk, path, 'false schema', {}, 'boolean schema is false', false);
    return undefined;
  }
  if (!isNode(node)) return seen;
  if (depth > 200) throw new Error('schema is invalid: it refers to itself without end');
  const before = walk.errors.length;
  const has = (keyword: string) =>
    node[keyword] !== undefined &&
    !(walk.dialect === 'draft-07' && NEWER.some((name) => keyword.startsWith(name))) &&
    !(walk.dialect !== '2020-12' && keyword === 'prefixItems');
  const child = (schema: unknown, item: unknown, at: string[], into?: Seen) => {
    const found = visit(walk, schema, item, at, depth + 1);
    if (found && into) {
      for (const key of found.keys) into.keys.add(key);
      into.items = Math.max(into.items, found.items);
    }
    return found !== undefined;
  };
  // Run a subschema apart: its errors (if it fails) and what it evaluated, without adding them yet.
  const apart = (schema: unknown, item: unknown = value, at: string[] = path) => {
    const saved = walk.errors;
    walk.errors = [];
    const found = visit(walk, schema, item, at, depth + 1);
    const errors = walk.errors;
    walk.errors = saved;
    return { found, errors };
  };

  const types = node.type === undefined ? [] : [node.type].flat().map(String);
  const single = types.length === 1 ? GROUP_KEYWORDS[types[0]!] : undefined;
  const grouped = single !== undefined && single.some(has);
  const typeError = () =>
    push(walk, path, 'type', { type: types.join(',') }, `must be ${types.join(',')}`, node);
  if (types.length > 0 && !grouped && !types.some((type) => hasType(value, type))) typeError();

  // Keywords for every type.
  if (typeof node.$ref === 'string') child(localRef(walk.root, node.$ref), value, path, seen);
  if (has('const') && !equal(value, node.const))
    push(walk, path, 'const', { allowedValue: node.const }, 'must be equal to constant', node);
  if (Array.isArray(node.enum) && !node.enum.some((option) => equal(value, option)))
    push(
      walk,
      path,
      'enum',
      { allowedValues: node.enum },
      'must be equal to one of the allowed values',
      node,
    );
  if (has('not') && apart(node.not).found) push(walk, path, 'not', {}, 'must NOT be valid', node);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(node[keyword])) continue;
    const branches = (node[keyword] as unknown[]).map((branch) => apart(branch));
    const passing = branches.flatMap((branch, index) => (branch.found ? [index] : []));
    const ok = keyword === 'anyOf' ? passing.length > 0 : passing.length === 1;
    if (ok) {
      for (const index of keyword === 'anyOf' ? passing : passing.slice(0, 1))
        child(node[keyword][index], value, path, seen);
      continue;
    }
    for (const branch of branches) walk.errors.push(...branch.errors);
    if (keyword === 'anyOf') push(walk, path, 'anyOf', {}, 'must match a schema in anyOf', node);
    else {
      const passingSchemas = passing.length > 1 ? passing.slice(0, 2) : null;
      push(walk, path, 'oneOf', { passingSchemas }, 'must match exactly one schema in oneOf', node);
    }
  }
  if (Array.isArray(node.allOf)) for (const part of node.allOf) child(part, value, path, seen);
  if (has('if') && (has('then') || has('else'))) {
    const test = apart(node.if);
    if (test.found) for (const key of test.found.keys) seen.keys.add(key);
    const failingKeyword = test.found ? 'then' : 'else';
    if (has(failingKeyword)) {
      const count = walk.errors.length;
      if (!child(node[failingKeyword], value, path, seen) && walk.errors.length > count)
        push(walk, path, 'if', { failingKeyword }, `must match "${failingKeyword}" schema`, node);
    }
  }

  const actual = typeOf(value);
  const group = actual === 'number' ? 'number' : actual;
  for (const name of ['number', 'string', 'array', 'object']) {
    if (grouped && types[0] === name && !hasType(value, name)) typeError();
    if (name !== group) continue;
    if (name === 'number') numberKeywords(walk, node, value as number, path, has);
    else if (name === 'string') stringKeywords(walk, node, value as string, path);
    else if (name === 'array') arrayKeywords(walk, node, value as unknown[], path, has, child, apart, seen);
    else objectKeywords(walk, node, value as Record<string, unknown>, path, has, child, seen);
  }
  unevaluated(walk, node, value, path, has, child, seen);
  return walk.errors.length === before ? seen : undefined;
}

type Has = (keyword: string) => boolean;
type Child = (schema: unknown, item: unknown, at: string[], into?: Seen) => boolean;
type Apart = (
  schema: unknown,
  item?: unknown,
  at?: string[],
) => { found: Seen | undefined; errors: SchemaError[] };

function numberKeywords(walk: Walk, node: SchemaNode, value: number, path: string[], has: Has): void {
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
  const format = node.format;
  if (typeof format === 'string' && Object.hasOwn(NUMBER_FORMATS, format) && !NUMBER_FORMATS[format]!(value))
    push(walk, path, 'format', { format }, `must match format "${format}"`, node);
}

function stringKeywords(walk: Walk, node: SchemaNode, value: string, path: string[]): void {
  for (const keyword of ['maxLength', 'minLength']) limit(walk, node, keyword, [...value].length, path);
  if (typeof node.pattern === 'string' && !patternOf(node.pattern).test(value))
    push(walk, path, 'pattern', { pattern: node.pattern }, `must match pattern "${node.pattern}"`, node);
  const format = node.format;
  if (typeof format === 'string' && Object.hasOwn(STRING_FORMATS, format) && !STRING_FORMATS[format]!(value))
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

function arrayKeywords(
  walk: Walk,
  node: SchemaNode,
  value: unknown[],
  path: string[],
  has: Has,
  child: Child,
  apart: Apart,
  seen: Seen,
): void {
  limit(walk, node, 'maxItems', value.length, path);
  limit(walk, node, 'minItems', value.length, path);
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
  const at = (index: number) => [...path, String(index)];
  const tuple = has('prefixItems') ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  const rest = Array.isArray(tuple) ? (has('prefixItems') ? 'items' : 'additionalItems') : 'items';
  if (Array.isArray(tuple)) {
    tuple.forEach((schema, index) => {
      if (index < value.length) child(schema, value[index], at(index), seen);
    });
    seen.items = Math.max(seen.items, Math.min(tuple.length, value.length));
  }
  const restSchema = rest === 'items' && Array.isArray(node.items) ? undefined : node[rest];
  const from = Array.isArray(tuple) ? tuple.length : 0;
  if (restSchema === false && from > 0 && value.length > from) {
    push(walk, path, rest, { limit: from }, `must NOT have more than ${from} items`, node);
  } else if (restSchema !== undefined) {
    for (let index = from; index < value.length; index++) child(restSchema, value[index], at(index));
    seen.items = value.length;
  }
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
}

function objectKeywords(
  walk: Walk,
  node: SchemaNode,
  value: Record<string, unknown>,
  path: string[],
  has: Has,
  child: Child,
  seen: Seen,
): void {
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

function unevaluated(
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
    const at = new Map<unknown, number>();
    for (let i = items.length - 1; i >= 0; i--) {
      const j = at.get(items[i]);
      if (j !== undefined) return [i, j];
      at.set(items[i], i);
    }
    return [-1, -1];
  }
  for (let i = items.length - 1; i >= 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (equal(items[i], items[j])) return [i, j];
  }
  return [-1, -1];
}
