import type { JsonSchema } from '../action/types.js';
import { cloneJson, isRecord, type JsonRecord, resolveLocalRef } from '../util/resolve-local-ref.js';
import { acceptsNull } from './accepts-null.js';
import { isDiscriminatedUnion } from './is-discriminated-union.js';

/** A schema rewritten for OpenAI strict mode, or the reason it cannot be without changing what it accepts. */
export type StrictConversion =
  | { readonly ok: true; readonly schema: JsonSchema }
  | { readonly ok: false; readonly reason: string };

// OpenAI Structured Outputs, "Supported schemas" (developers.openai.com/api/docs/guides/structured-outputs):
// these keywords and formats, objects closed with every property required, 5000 properties, 10 levels of
// nesting, 1000 enum values, 120,000 characters of names and enum/const values.
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  'readOnly',
  'writeOnly',
]);
const DROPPED_ANNOTATIONS = new Set(['deprecated']);
const KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  '$ref',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);
const ROOT_KEYWORDS = new Set(['$defs', 'definitions', '$schema', '$id']);
const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const LIMITS = { properties: 5000, depth: 10, enumValues: 1000, chars: 120_000 };
const MAX_OPEN = 64;

class StrictFailure extends Error {}

interface State {
  readonly root: JsonRecord;
  readonly inlining: Set<string>;
  properties: number;
  enumValues: number;
  chars: number;
  /** Schema nodes being converted right now, whatever keyword led to them (a guard for hostile nesting). */
  open: number;
}

function fail(reason: string): never {
  throw new StrictFailure(reason);
}

/**
 * Rewrite an input schema for OpenAI strict mode without touching the original: objects get
 * `additionalProperties: false` and list every property in `required`; an optional property becomes nullable, so
 * `null` stands for "left out" (undo it with `omitStrictNulls`). Refuses, with the reason, whatever strict mode
 * cannot express: unsupported keywords or formats, open or free-form objects, optional properties that already
 * accept null, a root that is not a plain object, schemas over the size limits.
 */
export function toStrictSchema(schema: JsonSchema): StrictConversion {
  const state: State = { root: schema, inlining: new Set(), properties: 0, enumValues: 0, chars: 0, open: 0 };
  try {
    for (const keyword of ['anyOf', 'oneOf', 'allOf', '$ref']) {
      if (keyword in schema) fail(`the root uses ${keyword}; strict mode needs a plain object at the root`);
    }
    if (schema.type !== undefined && schema.type !== 'object') fail('the root is not an object schema');
    const output = convertNode(schema, '#', 1, state, true);
    for (const keyword of ['$defs', 'definitions']) {
      const definitions = schema[keyword];
      if (definitions === undefined) continue;
      if (!isRecord(definitions)) fail(`#/${keyword} is not an object of schemas`);
      const converted: Record<string, unknown> = {};
      for (const [name, definition] of Object.entries(definitions)) {
        state.chars += name.length;
        converted[name] = convertNode(definition, `#/${keyword}/${name}`, 1, state, false);
      }
      output[keyword] = converted;
    }
    if (state.properties > LIMITS.properties)
      fail(`it has ${state.properties} properties; the limit is ${LIMITS.properties}`);
    if (state.enumValues > LIMITS.enumValues)
      fail(`it has ${state.enumValues} enum values; the limit is ${LIMITS.enumValues}`);
    if (state.chars > LIMITS.chars)
      fail(`its names and enum values add up to ${state.chars} characters; the limit is ${LIMITS.chars}`);
    return { ok: true, schema: output };
  } catch (error) {
    if (error instanceof StrictFailure) return { ok: false, reason: error.message };
    throw error;
  }
}

function convertNode(
  node: unknown,
  path: string,
  depth: number,
  state: State,
  isRoot: boolean,
): Record<string, unknown> {
  if (!isRecord(node)) fail(`${path} is ${node === true ? 'true (any value)' : 'not a schema object'}`);
  for (const key of Object.keys(node)) {
    if (
      !ANNOTATIONS.has(key) &&
      !DROPPED_ANNOTATIONS.has(key) &&
      !KEYWORDS.has(key) &&
      !(isRoot && ROOT_KEYWORDS.has(key))
    ) {
      fail(`${path} uses \`${key}\`, which strict mode does not support`);
    }
  }
  if (state.open >= MAX_OPEN) fail(`${path} is nested more than ${MAX_OPEN} schemas deep`);
  state.open++;
  try {
    return '$ref' in node
      ? convertRef(node, path, depth, state)
      : convertPlain(node, path, depth, state, isRoot);
  } finally {
    state.open--;
  }
}

function convertPlain(
  node: JsonRecord,
  path: string,
  depth: number,
  state: State,
  isRoot: boolean,
): Record<string, unknown> {
  const types = typesOf(node, path);
  const isObject = types
    ? types.includes('object')
    : isRoot || 'properties' in node || 'required' in node || 'additionalProperties' in node;
  if (
    !types &&
    !isObject &&
    !('enum' in node) &&
    !('const' in node) &&
    !('anyOf' in node) &&
    !('oneOf' in node)
  ) {
    fail(`${path} has no type (it accepts any value)`);
  }
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) {
      if (!(key === 'default' && value === null)) output[key] = cloneJson(value);
    } else if (key === 'enum') output.enum = [...checkEnum(value, path, state)];
    else if (key === 'const') output.const = checkConst(value, path, state);
    else if (key === 'format') {
      if (typeof value !== 'string' || !FORMATS.has(value))
        fail(`${path} uses format ${JSON.stringify(value)}, which strict mode does not support`);
      output.format = value;
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (typeof value !== 'number') fail(`${path}/${key} must be a number`);
      output[key] = value;
    } else if (key === 'anyOf' || key === 'oneOf') {
      if (!Array.isArray(value) || value.length === 0) fail(`${path}/${key} must be a non-empty array`);
      if (key === 'oneOf' && !isDiscriminatedUnion(value, state.root)) {
        fail(`${path} uses \`oneOf\` with branches that may overlap (strict mode only has anyOf)`);
      }
      if (key === 'oneOf' && 'anyOf' in node) fail(`${path} uses both anyOf and oneOf`);
      // A oneOf whose branches exclude each other accepts exactly what the same anyOf does.
      output.anyOf = value.map((branch, index) =>
        convertNode(branch, `${path}/${key}/${index}`, depth, state, false),
      );
    } else if (key === 'items') {
      if (!isRecord(value)) fail(`${path}/items must be one schema (tuples are not supported)`);
      if (depth >= LIMITS.depth) fail(`${path} is nested more than ${LIMITS.depth} levels deep`);
      output.items = convertNode(value, `${path}/items`, depth + 1, state, false);
    } else if (key === 'type' || KEYWORDS.has(key) || (isRoot && ROOT_KEYWORDS.has(key))) {
      if (
        key !== 'properties' &&
        key !== 'required' &&
        key !== 'additionalProperties' &&
        key !== '$defs' &&
        key !== 'definitions'
      ) {
        output[key] = value;
      }
    }
  }
  if (types?.includes('array') && output.items === undefined) fail(`${path} is an array without \`items\``);
  if (isObject) convertObject(node, output, path, depth, state, isRoot);
  return output;
}

function convertObject(
  node: JsonRecord,
  output: Record<string, unknown>,
  path: string,
  depth: number,
  state: State,
  isRoot: boolean,
): void {
  const properties = node.properties ?? {};
  if (!isRecord(properties)) fail(`${path}/properties must be an object`);
  const required = node.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string'))
    fail(`${path}/required must be a list of names`);
  for (const name of required as string[]) {
    if (!Object.hasOwn(properties, name)) fail(`${path} requires \`${name}\` but does not declare it`);
  }
  const keys = Object.keys(properties);
  const additional = node.additionalProperties;
  if (additional !== undefined && additional !== false) fail(`${path} accepts additional properties`);
  if (additional === undefined && keys.length === 0 && !isRoot)
    fail(`${path} is a free-form object (no declared properties)`);
  state.properties += keys.length;
  const converted: Record<string, unknown> = {};
  for (const key of keys) {
    state.chars += key.length;
    const at = `${path}/properties/${key}`;
    if (depth >= LIMITS.depth) fail(`${at} is nested more than ${LIMITS.depth} levels deep`);
    const child = convertNode(properties[key], at, depth + 1, state, false);
    if (required.includes(key)) converted[key] = child;
    else if (acceptsNull(properties[key], state.root)) {
      fail(`${at} is optional and already accepts null, so null cannot stand for "left out"`);
    } else converted[key] = nullable(child);
  }
  if (output.type === undefined) output.type = 'object';
  output.properties = converted;
  output.required = keys;
  output.additionalProperties = false;
}

function convertRef(node: JsonRecord, path: string, depth: number, state: State): Record<string, unknown> {
  const ref = node.$ref;
  if (typeof ref !== 'string') fail(`${path}/$ref must be a string`);
  const target = resolveLocalRef(state.root, ref);
  if (!isRecord(target)) fail(`${path} refers to ${ref}, which is not a schema in this document`);
  const siblings = Object.keys(node).filter((key) => key !== '$ref' && !DROPPED_ANNOTATIONS.has(key));
  if (!siblings.every((key) => ANNOTATIONS.has(key)))
    fail(`${path} combines $ref with other validation keywords`);
  const definition = ref === '#' || ref.startsWith('#/$defs/') || ref.startsWith('#/definitions/');
  if (siblings.length === 0 && definition) return { $ref: ref };
  // Strict mode refuses keywords beside $ref, and a pointer into `properties` would land on the rewritten
  // (nullable) node, so the original target is inlined instead.
  if (ref === '#' || state.inlining.has(ref))
    fail(`${path} refers recursively to ${ref} in a way strict mode cannot express`);
  state.inlining.add(ref);
  const merged: Record<string, unknown> = { ...target };
  for (const key of siblings) merged[key] = node[key];
  const output = convertNode(merged, path, depth, state, false);
  state.inlining.delete(ref);
  return output;
}

/** The node, also accepting null (the stand-in for a left-out optional property). */
function nullable(node: Record<string, unknown>): Record<string, unknown> {
  const { type } = node;
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  if (type !== undefined && !('const' in node)) {
    const types = Array.isArray(type) ? type : [type];
    const widened: Record<string, unknown> = { ...node, type: [...types, 'null'] };
    if (Array.isArray(node.enum)) widened.enum = [...node.enum, null];
    return widened;
  }
  const annotations: Record<string, unknown> = {};
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) (ANNOTATIONS.has(key) ? annotations : inner)[key] = value;
  return { anyOf: [inner, { type: 'null' }], ...annotations };
}

function typesOf(node: JsonRecord, path: string): string[] | undefined {
  const { type } = node;
  if (type === undefined) return undefined;
  const types = Array.isArray(type) ? type : [type];
  for (const entry of types) {
    if (typeof entry !== 'string' || !TYPES.has(entry))
      fail(`${path} has an unknown type ${JSON.stringify(entry)}`);
  }
  return types as string[];
}

function checkEnum(value: unknown, path: string, state: State): unknown[] {
  if (!Array.isArray(value) || value.length === 0) fail(`${path}/enum must be a non-empty array`);
  for (const entry of value) checkConst(entry, path, state);
  state.enumValues += value.length;
  return value;
}

function checkConst(value: unknown, path: string, state: State): unknown {
  if (value !== null && typeof value === 'object')
    fail(`${path} lists an object or array as an allowed value`);
  if (typeof value === 'string') state.chars += value.length;
  return value;
}
