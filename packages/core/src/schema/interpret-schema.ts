import type { Dialect } from './dialect-of.js';
import {
  arrayKeywords,
  equal,
  hasType,
  numberKeywords,
  objectKeywords,
  push,
  type Seen,
  stringKeywords,
  unevaluated,
  type Walk,
} from './interpret-keywords.js';
import type { SchemaError } from './json-schema-validator.js';
import { isNode, localRef } from './schema-walk.js';

export { patternOf } from './interpret-keywords.js';

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
const NEWER = [
  'dependentRequired',
  'dependentSchemas',
  'minContains',
  'maxContains',
  'unevaluatedProperties',
  'unevaluatedItems',
];
// Keywords ajv's class for each draft does not know, so ignores.
const IGNORED: Record<Dialect, ReadonlySet<string>> = {
  'draft-07': new Set([...NEWER, 'prefixItems']),
  '2019-09': new Set(['prefixItems']),
  '2020-12': new Set(),
};

/**
 * Check a value against a schema by walking both, writing ajv's errors (`allErrors`, `verbose`: keyword, params,
 * message, parent schema) in ajv's order as it goes — no code generated, no second pass over another validator's output.
 */
export function interpret(root: unknown, dialect: Dialect, value: unknown): SchemaError[] {
  const walk: Walk = { root, dialect, errors: [], composite: false };
  visit(walk, root, value, []);
  return walk.errors;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
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
  const ignored = IGNORED[walk.dialect];
  const has = (keyword: string) => node[keyword] !== undefined && !ignored.has(keyword);
  const merge = (found: Seen | undefined, into: Seen | undefined) => {
    if (!found || !into) return;
    for (const key of found.keys) into.keys.add(key);
    into.items = Math.max(into.items, found.items);
  };
  const child = (schema: unknown, item: unknown, at: string[], into?: Seen) => {
    const found = visit(walk, schema, item, at, depth + 1);
    merge(found, into);
    return found !== undefined;
  };
  // Run a subschema apart, as ajv runs a composite rule (`not`, `anyOf`, `oneOf`, `if`, `contains`): its errors
  // and what it evaluated come back without being added, and it fills no defaults.
  const apart = (schema: unknown, item: unknown = value, at: string[] = path) => {
    const saved = walk.errors;
    const composite = walk.composite;
    walk.errors = [];
    walk.composite = true;
    const found = visit(walk, schema, item, at, depth + 1);
    const errors = walk.errors;
    walk.errors = saved;
    walk.composite = composite;
    return { found, errors };
  };

  const types: string[] =
    node.type === undefined ? [] : Array.isArray(node.type) ? node.type.map(String) : [String(node.type)];
  const single = types.length === 1 ? GROUP_KEYWORDS[types[0]!] : undefined;
  const grouped = single?.some(has) === true;
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
      for (const index of passing) merge(branches[index]!.found, seen);
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
