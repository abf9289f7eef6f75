// Berkeley Function Calling Leaderboard v3 (ShishirPatil/gorilla @cd9429c, berkeley-function-call-leaderboard/data,
// Apache-2.0), read from test/fixtures/bfcl; see its README.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnyAction, defineAction, type JsonSchema } from '@affordance/core';

/** The recorded third-party data the tests read (test/fixtures). */
export const DATA_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** The BFCL v3 categories in `test/fixtures/bfcl` (irrelevance has no gold answers). */
export const BFCL_CATEGORIES = [
  'simple',
  'multiple',
  'parallel',
  'parallel_multiple',
  'irrelevance',
] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];

/** A BFCL parameter: JSON-Schema-like, with Python type names (`dict`, `float`, `tuple`, `any`). */
export interface BfclParameter {
  readonly type: string;
  readonly description?: string;
  readonly enum?: unknown[];
  readonly default?: unknown;
  readonly format?: string;
  readonly items?: BfclParameter;
  readonly properties?: Record<string, BfclParameter>;
  readonly required?: string[];
  readonly [key: string]: unknown;
}

/** One BFCL function definition. */
export interface BfclFunction {
  readonly name: string;
  readonly description?: string;
  readonly parameters: BfclParameter;
}

/** One BFCL test entry: the functions offered for one question. */
export interface BfclEntry {
  readonly id: string;
  readonly function: BfclFunction[];
}

/** Gold calls of one entry: `[{ functionName: { param: [acceptable values] } }]`; `""` means "may be left out". */
export type BfclGroundTruth = ReadonlyArray<Record<string, Record<string, unknown[]>>>;

function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** The entries of one category (the files are JSON Lines despite their `.json` names). */
export function readBfcl(category: BfclCategory): BfclEntry[] {
  return readJsonLines<BfclEntry>(path.join(DATA_DIR, 'bfcl', `BFCL_v3_${category}.json`));
}

/** The gold answers of one category, by entry id (none for irrelevance). */
export function readBfclAnswers(category: BfclCategory): Map<string, BfclGroundTruth> {
  if (category === 'irrelevance') return new Map();
  const rows = readJsonLines<{ id: string; ground_truth: BfclGroundTruth }>(
    path.join(DATA_DIR, 'bfcl', 'possible_answer', `BFCL_v3_${category}.json`),
  );
  return new Map(rows.map((row) => [row.id, row.ground_truth]));
}

const TYPES: Record<string, string | undefined> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  any: undefined,
  integer: 'integer',
  boolean: 'boolean',
  array: 'array',
  string: 'string',
};

/**
 * The JSON Schema of a BFCL parameter: `dict` → object, `float` → number, `tuple` → array (its `items` describe
 * every element), `any` → no type. BFCL's `optional` flag is dropped (`required` already says it), and so is a
 * `default` that is not a value of the declared type (BFCL writes some as Python text: `"false"`, `"None"`).
 */
export function bfclSchema(parameter: BfclParameter, where: string): JsonSchema {
  if (typeof parameter !== 'object' || parameter === null || typeof parameter.type !== 'string') {
    throw new Error(`${where}: a BFCL parameter needs a type`);
  }
  if (!(parameter.type in TYPES))
    throw new Error(`${where}: unknown BFCL type ${JSON.stringify(parameter.type)}`);
  const type = TYPES[parameter.type];
  const schema: Record<string, unknown> = {};
  if (type) schema.type = type;
  if (typeof parameter.description === 'string') schema.description = parameter.description;
  if (Array.isArray(parameter.enum)) schema.enum = parameter.enum;
  if (typeof parameter.format === 'string') schema.format = parameter.format;
  for (const key of ['minimum', 'maximum', 'minItems', 'maxItems']) {
    if (typeof parameter[key] === 'number') schema[key] = parameter[key];
  }
  if (parameter.items !== undefined) schema.items = bfclSchema(parameter.items, `${where}[]`);
  if (parameter.properties !== undefined) {
    schema.properties = Object.fromEntries(
      Object.entries(parameter.properties).map(([key, value]) => [key, bfclSchema(value, `${where}.${key}`)]),
    );
  }
  if (Array.isArray(parameter.required)) schema.required = parameter.required;
  if ('default' in parameter && isOfType(parameter.default, type)) schema.default = parameter.default;
  return schema;
}

function isOfType(value: unknown, type: string | undefined): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    default:
      return typeof value === type;
  }
}

/** An action for a BFCL function, defined through the public API; its handler returns its input. */
export function bfclToAction(fn: BfclFunction): AnyAction {
  return defineAction({
    name: fn.name,
    description: fn.description?.trim() || fn.name,
    input: bfclSchema(fn.parameters, fn.name),
    handler: (input: unknown) => input,
  });
}

/**
 * The arguments of a gold call: the first acceptable value of each parameter, leaving the parameter out when that
 * value is `""` ("may be left out") unless the schema requires it (then the first other value). Gold values of `dict` parameters list acceptable values per key in turn, so
 * they are read the same way, guided by the schema (also inside arrays of dicts).
 */
export function goldArguments(
  params: Record<string, unknown[]>,
  schema: JsonSchema,
): Record<string, unknown> {
  return goldObject(params, schema);
}

function goldObject(params: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const args: Record<string, unknown> = {};
  for (const [param, values] of Object.entries(params)) {
    const acceptable = Array.isArray(values) ? values : [values];
    const value = required.includes(param) ? acceptable.find((candidate) => candidate !== '') : acceptable[0];
    if (value !== '' && value !== undefined) args[param] = goldValue(value, properties[param]);
  }
  return args;
}

function goldValue(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema) return value;
  if (
    schema.type === 'object' &&
    schema.properties &&
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value)
  ) {
    return goldObject(value as Record<string, unknown>, schema);
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items) {
    return value.map((item) => goldValue(item, schema.items as JsonSchema));
  }
  return value;
}
