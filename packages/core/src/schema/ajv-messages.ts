import { deepCompareStrict, type OutputUnit } from '@cfworker/json-schema';
import type { SchemaError } from './json-schema-validator.js';
import type { SchemaNode } from './schema-walk.js';

type Described = Pick<SchemaError, 'keyword' | 'params' | 'message'>;

const COMPARISON: Record<string, string> = {
  maximum: '<=',
  minimum: '>=',
  exclusiveMaximum: '<',
  exclusiveMinimum: '>',
};
const LIMIT_NOUN: Record<string, [string, string]> = {
  maxLength: ['more', 'characters'],
  minLength: ['fewer', 'characters'],
  maxItems: ['more', 'items'],
  minItems: ['fewer', 'items'],
  maxProperties: ['more', 'properties'],
  minProperties: ['fewer', 'properties'],
};
export const FORMAT_PREFIX = 'affordance:';

/** ajv's keyword, params and message for one of cfworker's errors, read from the schema node that failed. */
export function ajvMessage(
  unit: OutputUnit,
  parent: SchemaNode,
  instance: readonly string[],
  data: unknown,
): Described {
  const keyword = unit.keyword;
  const value = parent[keyword];
  if (keyword in COMPARISON) {
    const comparison = COMPARISON[keyword]!;
    return { keyword, params: { comparison, limit: value }, message: `must be ${comparison} ${value}` };
  }
  if (keyword in LIMIT_NOUN) {
    const [side, noun] = LIMIT_NOUN[keyword]!;
    return { keyword, params: { limit: value }, message: `must NOT have ${side} than ${value} ${noun}` };
  }
  switch (keyword) {
    case 'type': {
      const type = Array.isArray(value) ? value.join(',') : String(value);
      return { keyword, params: { type }, message: `must be ${type}` };
    }
    case 'required': {
      const prefix = 'Instance does not have required property "';
      const missingProperty = unit.error.slice(prefix.length, -2);
      return {
        keyword,
        params: { missingProperty },
        message: `must have required property '${missingProperty}'`,
      };
    }
    case 'dependencies':
    case 'dependentRequired': {
      const split = unit.error.lastIndexOf('" but does not have "');
      const property = unit.error.slice('Instance has "'.length, split);
      const missingProperty = unit.error.slice(split + '" but does not have "'.length, -2);
      const deps = ((parent[keyword] as Record<string, string[]>)[property] ?? []) as string[];
      const noun = deps.length === 1 ? 'property' : 'properties';
      return {
        keyword,
        params: { property, missingProperty, depsCount: deps.length, deps: deps.join(', ') },
        message: `must have ${noun} ${deps.join(', ')} when property ${property} is present`,
      };
    }
    case 'enum':
      return {
        keyword,
        params: { allowedValues: value },
        message: 'must be equal to one of the allowed values',
      };
    case 'const':
      return { keyword, params: { allowedValue: value }, message: 'must be equal to constant' };
    case 'pattern':
      return { keyword, params: { pattern: value }, message: `must match pattern "${value}"` };
    case 'format': {
      const format = String(value).replace(FORMAT_PREFIX, '');
      return { keyword, params: { format }, message: `must match format "${format}"` };
    }
    case 'multipleOf':
      return { keyword, params: { multipleOf: value }, message: `must be multiple of ${value}` };
    case 'uniqueItems': {
      const [i, j] = duplicates(parent, valueAtSegments(data, instance));
      return {
        keyword,
        params: { i, j },
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      };
    }
    case 'propertyNames': {
      const propertyName = unit.error.slice('Property name "'.length, -'" does not match schema.'.length);
      return { keyword, params: { propertyName }, message: 'property name must be valid' };
    }
    case 'not':
      return { keyword, params: {}, message: 'must NOT be valid' };
    case 'anyOf':
      return { keyword, params: {}, message: 'must match a schema in anyOf' };
    case 'oneOf':
      return { keyword, params: { passingSchemas: null }, message: 'must match exactly one schema in oneOf' };
    case 'if': {
      const failingKeyword = unit.error.includes('"then"') ? 'then' : 'else';
      return { keyword, params: { failingKeyword }, message: `must match "${failingKeyword}" schema` };
    }
    case 'contains':
    case 'minContains':
    case 'maxContains': {
      const min = typeof parent.minContains === 'number' ? parent.minContains : 1;
      const max = typeof parent.maxContains === 'number' ? parent.maxContains : undefined;
      const message =
        max === undefined
          ? `must contain at least ${min} valid item(s)`
          : `must contain at least ${min} and no more than ${max} valid item(s)`;
      return { keyword: 'contains', params: { minContains: min, maxContains: max }, message };
    }
    default:
      return { keyword, params: {}, message: unit.error };
  }
}

/** The pair ajv names for the first duplicate: a hash scan from the end for scalar items, else a pairwise one. */
function duplicates(parent: SchemaNode, items: unknown): [number, number] {
  if (!Array.isArray(items)) return [0, 0];
  const itemSchema = parent.items as { type?: unknown } | undefined;
  const types = itemSchema && !Array.isArray(itemSchema) ? [itemSchema.type].flat().filter(Boolean) : [];
  const scalar = types.length > 0 && !types.some((type) => type === 'object' || type === 'array');
  if (scalar) {
    const seen = new Map<unknown, number>();
    for (let i = items.length - 1; i >= 0; i--) {
      const j = seen.get(items[i]);
      if (j !== undefined) return [i, j];
      seen.set(items[i], i);
    }
    return [0, 0];
  }
  for (let i = items.length - 1; i >= 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (deepCompareStrict(items[i], items[j])) return [i, j];
  }
  return [0, 0];
}

function valueAtSegments(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const raw of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}
