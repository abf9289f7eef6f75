import { cloneJson, isRecord, type JsonRecord, resolveLocalRef } from '../util/resolve-local-ref.js';
import { isDiscriminatedUnion } from './is-discriminated-union.js';

/** Gemini's schema types (the `Type` enum of `@google/genai`, as they travel in JSON). */
export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT' | 'NULL';

/** Gemini's OpenAPI-subset schema (`Schema` in `@google/genai`); int64 counts travel as strings. */
export interface GeminiSchema {
  type?: GeminiType;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  default?: unknown;
  example?: unknown;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minProperties?: string;
  maxProperties?: string;
  items?: GeminiSchema;
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: GeminiSchema[];
}

/** A Gemini schema, the JSON Schema keywords it could not carry, and notes on other changes. */
export interface GeminiConversion {
  readonly schema: GeminiSchema;
  readonly dropped: readonly string[];
  readonly notes: readonly string[];
}

const TYPES: Record<string, GeminiType> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
};
const COUNTS = ['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties'] as const;
// `Schema.format` in @google/genai: float/double for NUMBER, int32/int64 for INTEGER, any format for STRING.
const FORMATS: Partial<Record<GeminiType, readonly string[] | 'any'>> = {
  STRING: 'any',
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
};
const NUMERIC: readonly GeminiType[] = ['NUMBER', 'INTEGER'];
const APPLIES: Record<string, readonly GeminiType[]> = {
  minimum: NUMERIC,
  maximum: NUMERIC,
  pattern: ['STRING'],
  minLength: ['STRING'],
  maxLength: ['STRING'],
  minItems: ['ARRAY'],
  maxItems: ['ARRAY'],
  minProperties: ['OBJECT'],
  maxProperties: ['OBJECT'],
  format: ['STRING', 'NUMBER', 'INTEGER'],
};
// Consumed while converting: references are inlined, unions and `const` rewritten.
const CONSUMED = new Set([
  '$ref',
  '$defs',
  'definitions',
  'oneOf',
  'allOf',
  'anyOf',
  'const',
  'enum',
  'type',
  'nullable',
  'examples',
]);
const MAX_REF_DEPTH = 16;
const MAX_OPEN = 64;

interface Context {
  readonly root: JsonRecord;
  readonly dropped: Set<string>;
  readonly notes: string[];
  /** Schema nodes being converted right now (a guard for hostile nesting). */
  open: number;
}

/**
 * Convert a JSON Schema to Gemini's schema subset without touching it: local `$ref`s inlined (a recursive or
 * unresolvable one is dropped with a note), `type: [x, "null"]` and null branches turned into `nullable`, `const`
 * and string enums into `enum` (other enums are dropped and their values written into the description), `oneOf`
 * sent as `anyOf`, `allOf` merged, counts written as strings, and every other keyword dropped and listed.
 */
export function toGeminiSchema(schema: JsonRecord): GeminiConversion {
  const context: Context = { root: schema, dropped: new Set(), notes: [], open: 0 };
  const converted = convert(schema, '#', context, []) ?? {};
  return { schema: converted, dropped: [...context.dropped].sort(), notes: context.notes };
}

function convert(
  node: unknown,
  path: string,
  context: Context,
  refs: readonly string[],
): GeminiSchema | undefined {
  if (context.open >= MAX_OPEN) {
    context.notes.push(`${path} is nested more than ${MAX_OPEN} schemas deep; left out`);
    return undefined;
  }
  context.open++;
  try {
    return convertNode(node, path, context, refs);
  } finally {
    context.open--;
  }
}

function convertNode(
  node: unknown,
  path: string,
  context: Context,
  refs: readonly string[],
): GeminiSchema | undefined {
  if (node === false) {
    context.notes.push(`${path} accepts nothing and was left out`);
    return undefined;
  }
  if (!isRecord(node)) return {};
  if (typeof node.$ref === 'string') return convertRef(node, path, context, refs);
  if (Array.isArray(node.allOf)) return convert(mergeAllOf(node, context), path, context, refs);
  const output: GeminiSchema = {};
  const typed = typeOf(node, path, context, refs);
  if ('anyOf' in typed) return typed.anyOf;
  if (typed.type) output.type = typed.type;
  let nullable = typed.nullable;
  for (const [key, value] of Object.entries(node)) {
    const applies = APPLIES[key];
    if (applies && !(output.type && applies.includes(output.type))) {
      // A constraint for another type has no effect; one on an untyped node cannot be carried.
      if (!output.type) context.dropped.add(key);
    } else if (key === 'title' || key === 'description' || key === 'pattern') {
      if (typeof value === 'string') output[key] = value;
    } else if (key === 'default') output.default = cloneJson(value);
    else if (key === 'examples') {
      if (Array.isArray(value) && value.length > 0) output.example = cloneJson(value[0]);
    } else if (key === 'minimum' || key === 'maximum') {
      if (typeof value === 'number') output[key] = value;
    } else if ((COUNTS as readonly string[]).includes(key)) {
      if (Number.isInteger(value)) output[key as (typeof COUNTS)[number]] = String(value);
    } else if (key === 'format') {
      const allowed = output.type ? FORMATS[output.type] : undefined;
      if (typeof value === 'string' && (allowed === 'any' || allowed?.includes(value))) output.format = value;
      else context.dropped.add('format');
    } else if (key !== 'properties' && key !== 'required' && key !== 'items' && !CONSUMED.has(key)) {
      context.dropped.add(key);
    }
  }
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (values) nullable = applyEnum(output, values, 'const' in node ? 'const' : 'enum', context) || nullable;
  if (output.type === 'OBJECT') convertObject(node, output, path, context, refs);
  if (output.type === 'ARRAY') output.items = convertItems(node.items, path, context, refs);
  if (nullable && output.type !== 'NULL') output.nullable = true;
  return output;
}

function convertRef(
  node: JsonRecord,
  path: string,
  context: Context,
  refs: readonly string[],
): GeminiSchema | undefined {
  const ref = node.$ref as string;
  const target = resolveLocalRef(context.root, ref);
  if (target === undefined) {
    context.notes.push(`${path} refers to ${ref}, which does not resolve; left out`);
    return undefined;
  }
  if (refs.includes(ref) || refs.length >= MAX_REF_DEPTH) {
    context.notes.push(`${path} refers to ${ref} recursively; left out`);
    return undefined;
  }
  const { $ref: _ref, ...siblings } = node;
  const merged = isRecord(target) ? { ...withoutMetadata(target), ...siblings } : target;
  return convert(merged, path, context, [...refs, ref]);
}

/** The node's Gemini type and nullability, or, for several types or a union, the whole node as an `anyOf`. */
function typeOf(
  node: JsonRecord,
  path: string,
  context: Context,
  refs: readonly string[],
): { type?: GeminiType; nullable: boolean } | { anyOf: GeminiSchema | undefined } {
  const declared = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  let nullable = declared.includes('null') || node.nullable === true;
  const types = declared.filter(
    (type): type is string => typeof type === 'string' && type !== 'null' && type in TYPES,
  );
  if (declared.some((type) => typeof type !== 'string' || !(type in TYPES))) context.dropped.add('type');
  if (types.length > 1) {
    const { type: _type, description: _description, title: _title, ...rest } = node;
    const branches = types
      .map((type) => convert({ ...rest, type }, path, context, refs))
      .filter((branch) => branch !== undefined);
    return { anyOf: withAnnotations({ anyOf: branches, ...(nullable ? { nullable } : {}) }, node) };
  }
  const union = [node.anyOf, node.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  if (union.length > 0 && (types.length > 0 || 'properties' in node)) {
    // Branches that only add conditions to a typed node cannot be carried; the node itself can.
    for (const keyword of ['anyOf', 'oneOf']) if (keyword in node) context.dropped.add(keyword);
  } else if (union.length > 0) {
    if (Array.isArray(node.oneOf) && !isDiscriminatedUnion(node.oneOf, context.root)) {
      context.notes.push(`${path}: oneOf sent as anyOf`);
    }
    const branches: GeminiSchema[] = [];
    union.forEach((branch, index) => {
      const converted = convert(branch, `${path}/anyOf/${index}`, context, refs);
      if (converted?.type === 'NULL') nullable = true;
      else if (converted) branches.push(converted);
    });
    const base: GeminiSchema =
      branches.length === 1 ? { ...branches[0] } : branches.length > 1 ? { anyOf: branches } : {};
    if (nullable) base.nullable = true;
    return { anyOf: withAnnotations(base, node) };
  }
  if (types.length === 0 && declared.includes('null') && !('enum' in node) && !('const' in node))
    return { type: 'NULL', nullable: false };
  const only = types[0];
  if (only) return { type: TYPES[only]!, nullable };
  const implied = 'properties' in node ? 'OBJECT' : 'items' in node ? 'ARRAY' : undefined;
  return implied ? { type: implied, nullable } : { nullable };
}

function convertObject(
  node: JsonRecord,
  output: GeminiSchema,
  path: string,
  context: Context,
  refs: readonly string[],
): void {
  const properties: Record<string, GeminiSchema> = {};
  if (isRecord(node.properties)) {
    for (const [key, value] of Object.entries(node.properties)) {
      const converted = convert(value, `${path}/properties/${key}`, context, refs);
      if (converted) properties[key] = converted;
    }
  }
  // Gemini refuses an empty `properties` map and `required` names it does not declare.
  if (Object.keys(properties).length > 0) output.properties = properties;
  const required = Array.isArray(node.required)
    ? node.required.filter(
        (name): name is string => typeof name === 'string' && Object.hasOwn(properties, name),
      )
    : [];
  if (required.length > 0) output.required = required;
}

function convertItems(items: unknown, path: string, context: Context, refs: readonly string[]): GeminiSchema {
  if (Array.isArray(items)) {
    context.dropped.add('items (tuple form)');
    return {};
  }
  return (items === undefined ? undefined : convert(items, `${path}/items`, context, refs)) ?? {};
}

/** Put the allowed values into `enum` when they are strings; otherwise drop them into the description. */
function applyEnum(output: GeminiSchema, values: unknown[], keyword: string, context: Context): boolean {
  const nullable = values.includes(null);
  const rest = values.filter((value) => value !== null);
  if (rest.length === 0) return nullable;
  if (
    rest.every((value) => typeof value === 'string') &&
    (output.type === undefined || output.type === 'STRING')
  ) {
    output.type = 'STRING';
    output.enum = rest as string[];
    return nullable;
  }
  context.dropped.add(keyword);
  output.type ??= typeOfValues(rest);
  const listed = rest.map((value) => JSON.stringify(value)).join(', ');
  const sentence = rest.length === 1 ? `Must be ${listed}.` : `One of: ${listed}.`;
  output.description = output.description ? `${output.description} ${sentence}` : sentence;
  return nullable;
}

/** The Gemini type all the values share, if they share one. */
function typeOfValues(values: unknown[]): GeminiType | undefined {
  if (values.every((value) => typeof value === 'boolean')) return 'BOOLEAN';
  if (values.every((value) => Number.isInteger(value))) return 'INTEGER';
  if (values.every((value) => typeof value === 'number')) return 'NUMBER';
  return undefined;
}

/** One schema from an `allOf`: branches' properties and requirements merged, first value of anything else kept. */
function mergeAllOf(node: JsonRecord, context: Context): JsonRecord {
  const { allOf, ...merged } = node as JsonRecord & { allOf: unknown[] };
  const properties: Record<string, unknown> = isRecord(merged.properties) ? { ...merged.properties } : {};
  const required = new Set(Array.isArray(merged.required) ? merged.required : []);
  for (const entry of allOf) {
    const branch =
      isRecord(entry) && typeof entry.$ref === 'string' ? resolveLocalRef(context.root, entry.$ref) : entry;
    if (!isRecord(branch)) continue;
    for (const [key, value] of Object.entries(withoutMetadata(branch))) {
      if (key === 'properties' && isRecord(value)) {
        for (const [name, property] of Object.entries(value))
          if (!Object.hasOwn(properties, name)) properties[name] = property;
      } else if (key === 'required' && Array.isArray(value)) for (const name of value) required.add(name);
      else if (!(key in merged)) (merged as Record<string, unknown>)[key] = value;
    }
  }
  if (allOf.length > 1) context.notes.push('allOf merged into one schema');
  if (Object.keys(properties).length > 0) (merged as Record<string, unknown>).properties = properties;
  if (required.size > 0) (merged as Record<string, unknown>).required = [...required];
  return merged;
}

function withoutMetadata(schema: JsonRecord): JsonRecord {
  const { $schema: _schema, $id: _id, $defs: _defs, definitions: _definitions, ...rest } = schema;
  return rest;
}

function withAnnotations(schema: GeminiSchema, node: JsonRecord): GeminiSchema {
  if (typeof node.description === 'string') schema.description = node.description;
  if (typeof node.title === 'string' && schema.title === undefined) schema.title = node.title;
  return schema;
}
