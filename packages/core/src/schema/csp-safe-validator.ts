import { format as cfworkerFormats, dereference, type Schema, validate } from '@cfworker/json-schema';
import { FORMAT_PREFIX } from './ajv-messages.js';
import { ajvErrorsOf } from './cfworker-errors.js';
import { dialectOf } from './dialect-of.js';
import { fillDefaults } from './fill-defaults.js';
import type { JsonSchemaValidator, SchemaCheck } from './json-schema-validator.js';
import { numberFormatErrors } from './number-formats.js';
import {
  eachSubschema,
  isNode,
  type SchemaNode,
  SUBSCHEMA,
  SUBSCHEMA_ARRAY,
  SUBSCHEMA_MAP,
} from './schema-walk.js';
import { NUMBER_FORMATS, STRING_FORMATS } from './string-formats.js';
import type { JsonSchema } from './types.js';

const compiled = new WeakMap<object, SchemaCheck>();
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
// Keywords ajv's draft-07 and 2019-09 classes do not know (so ignore): cfworker would apply them.
const UNKNOWN: Record<string, readonly string[]> = {
  'draft-07': [
    'prefixItems',
    'dependentRequired',
    'dependentSchemas',
    'minContains',
    'maxContains',
    'unevaluatedItems',
    'unevaluatedProperties',
  ],
  '2019-09': ['prefixItems'],
  '2020-12': [],
};

/**
 * The CSP-safe validator: `@cfworker/json-schema` interprets the schema (no generated code), with ajv-formats'
 * format checks (`string-formats.ts`) and ajv's defaults, errors, params and order, so a refusal reads the same as under ajv.
 */
export const cspSafeValidator: JsonSchemaValidator = {
  name: 'csp-safe',
  compile(schema) {
    let check = compiled.get(schema);
    if (check) return check;
    assertUsable(schema);
    addFormats();
    const dialect = dialectOf(schema);
    const originalOf = new WeakMap<object, SchemaNode>();
    const root = copySchema(schema, originalOf, UNKNOWN[dialect]!) as SchemaNode;
    const lookup = dereference(root as Schema) as Record<string, unknown>;
    assertRefsResolve(root, lookup);
    let hasNumberFormats = false;
    let hasDefaults = false;
    eachSubschema(schema, (node) => {
      if ('default' in node) hasDefaults = true;
      if (typeof node.format === 'string' && Object.hasOwn(NUMBER_FORMATS, node.format))
        hasNumberFormats = true;
    });
    const draft = dialect === '2020-12' ? '2020-12' : '2019-09'; // ajv applies a $ref's siblings in every draft
    const recheck = (node: unknown, item: unknown, instanceLocation: string, keywordLocation: string) =>
      validate(
        item,
        node as Schema,
        draft,
        lookup as Record<string, Schema>,
        false,
        null,
        instanceLocation,
        keywordLocation,
      ).errors;
    const conforms = (node: unknown, item: unknown): boolean => {
      try {
        return validate(
          withoutUndefined(item),
          node as Schema,
          draft,
          lookup as Record<string, Schema>,
          false,
        ).valid;
      } catch {
        return false;
      }
    };
    check = (value) => {
      // Through the copy: formats renamed for the `if`s it asks about, keywords ajv ignores left out.
      if (hasDefaults) fillDefaults(root, value, root, conforms);
      const data = withoutUndefined(value);
      let result: ReturnType<typeof validate>;
      try {
        result = validate(data, root as Schema, draft, lookup as Record<string, Schema>, false);
      } catch {
        // cfworker refuses values JSON has no word for (a function, a bigint); ajv calls them the wrong type.
        return [
          {
            keyword: 'type',
            instancePath: '',
            parentSchema: schema,
            params: { type: String(schema.type) },
            message: `must be ${String(schema.type)}`,
          },
        ];
      }
      const units = result.valid ? [] : result.errors;
      if (hasNumberFormats) units.push(...numberFormatErrors(root, data, lookup));
      return units.length === 0 ? undefined : ajvErrorsOf(units, { root, lookup, originalOf, data, recheck });
    };
    compiled.set(schema, check);
    return check;
  },
};

let formatsAdded = false;

// ajv-formats' checks under prefixed names, so this validator judges formats exactly as ajv does and other
// users of cfworker's shared table are left alone. Number formats (int32 …) never apply to strings.
function addFormats(): void {
  if (formatsAdded) return;
  formatsAdded = true;
  for (const [name, check] of Object.entries(STRING_FORMATS)) cfworkerFormats[FORMAT_PREFIX + name] = check;
  for (const name of Object.keys(NUMBER_FORMATS)) cfworkerFormats[FORMAT_PREFIX + name] = () => true;
}

/** A copy of the schema through its schema keywords, formats renamed, keywords ajv would ignore left out. */
function copySchema(
  node: unknown,
  originalOf: WeakMap<object, SchemaNode>,
  ignored: readonly string[],
): unknown {
  if (!isNode(node)) return node;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (ignored.includes(key)) continue;
    if (key === 'format' && typeof value === 'string') copy[key] = FORMAT_PREFIX + value;
    else if (SUBSCHEMA_ARRAY.has(key) && Array.isArray(value))
      copy[key] = value.map((child) => copySchema(child, originalOf, ignored));
    else if (SUBSCHEMA.has(key)) copy[key] = copySchema(value, originalOf, ignored);
    else if (SUBSCHEMA_MAP.has(key) && isNode(value)) {
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, copySchema(child, originalOf, ignored)]),
      );
    } else copy[key] = value;
  }
  originalOf.set(copy, node);
  return copy;
}

/** Refuse what ajv refuses when it compiles: unknown types, broken patterns, malformed `required`. */
function assertUsable(schema: JsonSchema): void {
  eachSubschema(schema, (node) => {
    const types = [node.type ?? []].flat();
    for (const type of types) {
      if (typeof type !== 'string' || !TYPES.has(type))
        throw new Error(`schema is invalid: type ${JSON.stringify(type)} is not a JSON type`);
    }
    const patterns = [
      node.pattern ?? [],
      ...Object.keys(isNode(node.patternProperties) ? node.patternProperties : {}),
    ].flat();
    for (const pattern of patterns) {
      try {
        new RegExp(String(pattern), 'u');
      } catch (error) {
        throw new Error(`schema is invalid: pattern ${String(pattern)}: ${(error as Error).message}`);
      }
    }
    if (
      node.required !== undefined &&
      !(Array.isArray(node.required) && node.required.every((name) => typeof name === 'string'))
    ) {
      throw new Error('schema is invalid: required must be an array of strings');
    }
  });
}

function assertRefsResolve(root: SchemaNode, lookup: Record<string, unknown>): void {
  eachSubschema(root, (node) => {
    if (typeof node.$ref !== 'string') return;
    const absolute = (node as { __absolute_ref__?: string }).__absolute_ref__ ?? node.$ref;
    if (lookup[absolute] === undefined) throw new Error(`can't resolve reference ${node.$ref}`);
  });
}

/** The value itself, or (when some property holds `undefined`, which ajv treats as absent) a copy without it. */
function withoutUndefined(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const clean = withoutUndefined(item);
      if (clean === item) return;
      copy ??= value.slice();
      copy[index] = clean;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    const clean = item === undefined ? undefined : withoutUndefined(item);
    if (item === undefined || clean !== item) {
      copy ??= { ...record };
      if (item === undefined) delete copy[key];
      else copy[key] = clean;
    }
  }
  return copy ?? value;
}
