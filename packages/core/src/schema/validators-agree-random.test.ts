import { describe, expect, it } from 'vitest';
import { ajvValidator } from './ajv-validator.js';
import { compileValidator, type Validation } from './compile-validator.js';
import { cspSafeValidator } from './csp-safe-validator.js';
import type { JsonSchemaValidator } from './json-schema-validator.js';
import type { JsonSchema } from './types.js';

// Random schemas of the keywords actions use, random values, through ajv and the CSP-safe interpreter: the same
// issues (codes, paths, fix-it messages, order) and the same filled-in values. Seeded, so a failure repeats.
// Left out: `contains` beside a tuple `items`, and `contains` under a subschema on an empty array, where ajv
// passes an empty array (its generated loop leaves the result unset) and the interpreter refuses it as the
// JSON Schema spec says (docs/runtimes.md).
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['a', 'b', 'c'];
const LEAVES: unknown[] = [
  { type: 'string' },
  { type: 'number' },
  { type: 'integer', minimum: 0 },
  { const: 1 },
  { enum: ['x', 'y'] },
  { type: 'string', minLength: 2, pattern: '^x' },
  { type: 'string', format: 'date' },
  { type: 'number', format: 'int32' },
  { type: 'string', default: 'x' },
  true,
  false,
];
const SCALARS: unknown[] = ['x', 'xy', 'abc', '2026-02-30', '2026-01-01', 1, -1, 1.5, 2 ** 40, 0, null, true];

function generator(rnd: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const schema = (depth: number): unknown => {
    if (depth > 2 || rnd() < 0.15) return pick(LEAVES);
    const node: Record<string, unknown> = {};
    const kind = pick(['object', 'array', 'combinator', 'mixed']);
    if (kind === 'object' || kind === 'mixed') {
      if (rnd() < 0.8) node.type = 'object';
      node.properties = Object.fromEntries(
        KEYS.filter(() => rnd() < 0.6).map((key) => [key, schema(depth + 1)]),
      );
      if (rnd() < 0.5) node.required = KEYS.filter(() => rnd() < 0.4);
      if (rnd() < 0.3) node.additionalProperties = rnd() < 0.5 ? false : schema(depth + 1);
      if (rnd() < 0.2) node.patternProperties = { '^z': schema(depth + 1) };
      if (rnd() < 0.2) node.minProperties = 2;
      if (rnd() < 0.15) node.propertyNames = { maxLength: 1 };
      if (rnd() < 0.15) node.dependencies = { a: ['b'] };
    }
    if (kind === 'array') {
      if (rnd() < 0.8) node.type = 'array';
      if (rnd() < 0.7) node.items = rnd() < 0.3 ? [schema(depth + 1), schema(depth + 1)] : schema(depth + 1);
      if (rnd() < 0.3) node.maxItems = 2;
      if (rnd() < 0.2) node.uniqueItems = true;
      if (rnd() < 0.2 && !Array.isArray(node.items)) node.contains = schema(depth + 1);
      if (Array.isArray(node.items) && rnd() < 0.5)
        node.additionalItems = rnd() < 0.5 ? false : schema(depth + 1);
    }
    if (kind === 'combinator' || kind === 'mixed') {
      const keyword = pick(['anyOf', 'oneOf', 'allOf', 'not', 'if']);
      if (keyword === 'not') node.not = schema(depth + 1);
      else if (keyword === 'if') {
        node.if = schema(depth + 1);
        // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword
        node.then = schema(depth + 1);
        if (rnd() < 0.5) node.else = schema(depth + 1);
      } else node[keyword] = [schema(depth + 1), schema(depth + 1)];
    }
    return node;
  };
  const value = (depth: number): unknown => {
    const roll = rnd();
    if (depth > 2 || roll < 0.4) return pick(SCALARS);
    if (roll < 0.7) {
      const keys = [...KEYS, 'z1', 'zz'].filter(() => rnd() < 0.5);
      return Object.fromEntries(keys.map((key) => [key, value(depth + 1)]));
    }
    return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
  };
  return { schema, value };
}

function run(validator: JsonSchemaValidator, schema: JsonSchema, value: unknown) {
  const copy = structuredClone(value);
  const result = compileValidator(schema, 'random', undefined, validator)(copy) as Validation;
  return { result, value: copy };
}

const refusesEmptyContains = (outcome: ReturnType<typeof run>) =>
  !outcome.result.ok &&
  outcome.result.issues.some(
    (issue) => issue.keyword === 'contains' && issue.message.includes('empty array'),
  );

describe('the CSP-safe validator and ajv on random schemas', () => {
  it('refuse alike, 1,500 schemas and values', () => {
    const { schema, value } = generator(random(18));
    let compared = 0;
    let refused = 0;
    for (let index = 0; index < 1_500; index++) {
      const node = schema(0);
      if (typeof node !== 'object') continue;
      const data = value(0);
      const safe = run(cspSafeValidator, node as JsonSchema, data);
      if (refusesEmptyContains(safe)) continue;
      const ajv = run(ajvValidator, node as JsonSchema, data);
      expect(safe, `${JSON.stringify(node)} with ${JSON.stringify(data)}`).toEqual(ajv);
      compared++;
      if (!ajv.result.ok) refused++;
    }
    expect(compared).toBeGreaterThan(1_000);
    expect(refused).toBeGreaterThan(500);
  });
});
