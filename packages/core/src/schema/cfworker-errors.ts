import type { OutputUnit } from '@cfworker/json-schema';
import { ajvMessage } from './ajv-messages.js';
import type { SchemaError } from './json-schema-validator.js';
import { isNode, type SchemaNode } from './schema-walk.js';

/** What the CSP-safe validator knows while it turns @cfworker/json-schema's output into ajv's errors. */
export interface ErrorContext {
  /** The schema cfworker ran (formats renamed), its `$ref` lookup, and each node's original. */
  readonly root: SchemaNode;
  readonly lookup: Record<string, unknown>;
  readonly originalOf: WeakMap<object, SchemaNode>;
  /** The value as the caller sent it (after defaults). */
  readonly data: unknown;
  /** Validate one value against one subschema of `root`, reporting at these locations. */
  readonly recheck: (
    schema: unknown,
    value: unknown,
    instanceLocation: string,
    keywordLocation: string,
  ) => OutputUnit[];
}

// ajv evaluates a schema's keywords in this order (its rule groups); errors are sorted to match it.
const RANK: Record<string, number> = {
  $ref: 0,
  $recursiveRef: 0,
  const: 1,
  enum: 2,
  not: 3,
  anyOf: 4,
  oneOf: 5,
  allOf: 6,
  if: 7,
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, in a plain lookup table
  then: 7,
  else: 7,
  maximum: 11,
  minimum: 12,
  exclusiveMaximum: 13,
  exclusiveMinimum: 14,
  multipleOf: 15,
  maxLength: 21,
  minLength: 22,
  pattern: 23,
  format: 24,
  maxItems: 31,
  minItems: 32,
  uniqueItems: 33,
  additionalItems: 34,
  prefixItems: 35,
  items: 35,
  contains: 36,
  minContains: 36,
  maxContains: 36,
  maxProperties: 41,
  minProperties: 42,
  required: 43,
  propertyNames: 44,
  additionalProperties: 45,
  dependencies: 46,
  properties: 47,
  patternProperties: 48,
  dependentRequired: 49,
  dependentSchemas: 49,
  unevaluatedProperties: 60,
  unevaluatedItems: 61,
};
const TYPE_GROUP: Record<string, number> = { number: 10, string: 20, array: 30, object: 40 };
// Errors that only say "a subschema failed": ajv reports the subschema's own errors alone.
const WRAPPERS = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'allOf',
  'dependentSchemas',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
// ajv reports one error for these, never the errors beneath them.
const OPAQUE = new Set(['not', 'if']);

interface Ranked {
  readonly error: SchemaError;
  readonly rank: number[];
}

/** Turn cfworker's flat output into the errors ajv (`allErrors`, `verbose`) reports, in ajv's order. */
export function ajvErrorsOf(found: readonly OutputUnit[], context: ErrorContext): SchemaError[] {
  const ranked: Ranked[] = [];
  const seen = new Set<string>();
  const units = [...found];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index]!;
    const next = units[index + 1];
    const instance = segmentsOf(unit.instanceLocation);
    if (unit.keyword === 'false') {
      ranked.push(falseSchema(instance)); // its keywordLocation is cfworker's copy of the instance location
      continue;
    }
    if (unit.keyword === 'dependencies' && unit.error.endsWith('dependant schema.')) continue;
    if (WRAPPERS.has(unit.keyword)) {
      if (next?.keyword !== 'false') continue;
      index++; // the false boolean schema beneath: one error for the wrapper, as ajv words it
      const place = locate(segmentsOf(unit.keywordLocation).slice(0, -1), instance, context);
      if (!place) continue;
      const child = segmentsOf(next.instanceLocation);
      const key = unescapeSegment(child[child.length - 1] ?? '');
      const error = wrapperError(unit.keyword, key, instance, place.node, child, context);
      const once = `${error.keyword}|${error.instancePath}|${place.rank.join(',')}`;
      if (!error.params.additionalProperty && !error.params.unevaluatedProperty) {
        if (seen.has(once)) continue;
        seen.add(once);
      }
      ranked.push({ error, rank: [...place.rank, RANK[unit.keyword] ?? 99, keyPosition(context, child)] });
      continue;
    }
    const place = locate(segmentsOf(unit.keywordLocation).slice(0, -1), instance, context);
    if (!place) continue;
    if (unit.keyword === 'contains' && unit.error.startsWith('Array does not contain')) {
      units.push(...itemErrors(unit, place.node, instance, context));
    }
    const parent = context.originalOf.get(place.node) ?? place.node;
    const message = ajvMessage(unit, parent, instance, context.data);
    const reported = place.reportAt === undefined ? instance : instance.slice(0, place.reportAt);
    const last =
      unit.keyword === 'propertyNames'
        ? [
            RANK.propertyNames!,
            keyPosition(context, [...instance, escapeSegment(String(message.params.propertyName))]),
            Number.POSITIVE_INFINITY,
          ]
        : unit.keyword === 'type'
          ? typeRank(parent)
          : unit.keyword === 'format' && unit.error.startsWith('Number')
            ? [RANK.multipleOf! + 1] // ajv checks number formats last among the number keywords
            : ['anyOf', 'oneOf', 'if', 'contains', 'minContains', 'maxContains'].includes(unit.keyword)
              ? [RANK[unit.keyword]!, Number.POSITIVE_INFINITY]
              : [RANK[unit.keyword] ?? 99];
    // A refusal under `propertyNames` names the key it refused, as ajv's does.
    const key =
      place.reportAt === undefined || unit.keyword === 'propertyNames' ? undefined : instance[place.reportAt];
    ranked.push({
      error: {
        ...message,
        instancePath: pointerOf(reported),
        parentSchema: parent,
        ...(key === undefined ? {} : { propertyName: unescapeSegment(key) }),
      },
      rank: [...place.rank, ...last],
    });
  }
  return ranked.sort((a, b) => compareRanks(a.rank, b.rank)).map((entry) => entry.error);
}

// cfworker keeps no errors of the items a failed `contains` tried; ajv reports them all before its own.
function itemErrors(
  unit: OutputUnit,
  node: SchemaNode,
  instance: string[],
  context: ErrorContext,
): OutputUnit[] {
  const items = valueAt(context.data, instance);
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, index) =>
    context.recheck(node.contains, item, `${unit.instanceLocation}/${index}`, unit.keywordLocation),
  );
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[unescapeSegment(segment)];
  }
  return current;
}

function wrapperError(
  keyword: string,
  key: string,
  instance: string[],
  node: SchemaNode,
  child: string[],
  context: ErrorContext,
): SchemaError {
  const parentSchema = context.originalOf.get(node) ?? node;
  const instancePath = pointerOf(instance);
  if (keyword === 'additionalProperties') {
    return {
      keyword,
      instancePath,
      parentSchema,
      params: { additionalProperty: key },
      message: 'must NOT have additional properties',
    };
  }
  if (keyword === 'unevaluatedProperties') {
    return {
      keyword,
      instancePath,
      parentSchema,
      params: { unevaluatedProperty: key },
      message: 'must NOT have unevaluated properties',
    };
  }
  if (keyword === 'additionalItems' || keyword === 'unevaluatedItems') {
    const limit = Number(key);
    return {
      keyword,
      instancePath,
      parentSchema,
      params: { limit },
      message: `must NOT have more than ${limit} items`,
    };
  }
  return {
    keyword: 'false schema',
    instancePath: pointerOf(child),
    parentSchema: false,
    params: {},
    message: 'boolean schema is false',
  };
}

function falseSchema(instance: string[]): Ranked {
  return {
    error: {
      keyword: 'false schema',
      instancePath: pointerOf(instance),
      parentSchema: false,
      params: {},
      message: 'boolean schema is false',
    },
    rank: [],
  };
}

/** Walk a keyword location to its schema node, ranking each step as ajv orders it; undefined when hidden. */
function locate(
  segments: string[],
  instance: string[],
  context: ErrorContext,
): { node: SchemaNode; rank: number[]; reportAt?: number } | undefined {
  let node: unknown = context.root;
  const rank: number[] = [];
  let depth = 0; // instance segments consumed
  let reportAt: number | undefined; // ajv reports a property name's errors at the object holding it
  const descend = (): string[] => instance.slice(0, ++depth);
  for (let index = 0; index < segments.length; index++) {
    if (!isNode(node)) return undefined;
    const segment = unescapeSegment(segments[index]!);
    if (OPAQUE.has(segment)) return undefined;
    const own = RANK[segment] ?? 99;
    if (segment === '$ref' || segment === '$recursiveRef') {
      const absolute = (node as { __absolute_ref__?: string; __absolute_recursive_ref__?: string })[
        segment === '$ref' ? '__absolute_ref__' : '__absolute_recursive_ref__'
      ];
      node = context.lookup[absolute ?? String(node[segment])];
      rank.push(own);
    } else if (
      segment === 'properties' ||
      segment === 'patternProperties' ||
      segment === 'dependentSchemas'
    ) {
      const key = unescapeSegment(segments[++index] ?? '');
      const map = node[segment] as SchemaNode;
      rank.push(own, Object.keys(map).indexOf(key));
      if (segment !== 'dependentSchemas') rank.push(keyPosition(context, descend()));
      node = map[key];
    } else if (segment === 'dependencies') {
      const key = unescapeSegment(segments[++index] ?? '');
      rank.push(own, Object.keys(node.dependencies as SchemaNode).indexOf(key));
      node = (node.dependencies as SchemaNode)[key];
    } else if (segment === 'anyOf' || segment === 'oneOf' || segment === 'allOf') {
      const at = Number(segments[++index]);
      rank.push(own, at);
      node = (node[segment] as unknown[])[at];
    } else if (segment === 'propertyNames') {
      reportAt ??= depth;
      rank.push(own, keyPosition(context, descend()), 0);
      node = node[segment];
    } else if ((segment === 'items' && Array.isArray(node.items)) || segment === 'prefixItems') {
      const at = Number(segments[++index]);
      rank.push(own, at);
      descend();
      node = (node[segment] as unknown[])[at];
    } else if (segment in RANK && segment !== 'then' && segment !== 'else') {
      // items, additionalProperties, additionalItems, unevaluated*: one schema for every item or key
      rank.push(own, keyPosition(context, descend()));
      node = node[segment];
    } else {
      rank.push(own);
      node = node[segment];
    }
  }
  if (!isNode(node)) return undefined;
  return reportAt === undefined ? { node, rank } : { node, rank, reportAt };
}

/** Where the last key of `path` comes in its object's (or array's) own order. */
function keyPosition(context: ErrorContext, path: string[]): number {
  const key = unescapeSegment(path[path.length - 1] ?? '');
  let holder: unknown = context.data;
  for (const segment of path.slice(0, -1)) {
    holder =
      isNode(holder) || Array.isArray(holder)
        ? (holder as Record<string, unknown>)[unescapeSegment(segment)]
        : undefined;
  }
  if (Array.isArray(holder)) return Number(key);
  return isNode(holder) ? Object.keys(holder).indexOf(key) : 0;
}

// A type error comes where ajv checks it: in its type's group when the schema has keywords of that group (one
// type only), else before every keyword.
function typeRank(parent: SchemaNode): number[] {
  const group = typeof parent.type === 'string' ? TYPE_GROUP[parent.type] : undefined;
  if (group === undefined) return [-1];
  const used = Object.keys(parent).some((key) => (RANK[key] ?? -1) > group && (RANK[key] ?? -1) < group + 10);
  return [used ? group : -1];
}

function compareRanks(a: number[], b: number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

/** cfworker's `#/a/b%20c` as escaped JSON Pointer segments (`['a', 'b c']`, `~1` kept). */
function segmentsOf(location: string): string[] {
  if (location === '#' || location === '') return [];
  return location
    .slice(location.startsWith('#') ? 2 : 1)
    .split('/')
    .map((segment) => decodeURIComponent(segment));
}

function escapeSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function pointerOf(segments: string[]): string {
  return segments.length === 0 ? '' : `/${segments.join('/')}`;
}
