// Data: Seal-Tools (fairyshine/Seal-Tools @ce753ec, Apache-2.0) and the Berkeley Function Calling Leaderboard v3
// (ShishirPatil/gorilla @cd9429c, Apache-2.0), read from test/fixtures (see the README.md of each folder).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ActionDefinition, type AnyAction, defineAction, type JsonSchema } from '@affordance/core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the recorded public data sets live (test/fixtures). */
export const dataRoot = path.resolve(repoRoot, 'test/fixtures');

interface SealTool {
  readonly api_name: string;
  readonly api_description: string;
  readonly field: string;
  readonly parameters: Record<string, { type: string; description: string }>;
  readonly required: string[];
}

/** A Seal-Tools dev query and the distinct apis its gold calls use. */
export interface SealQuery {
  readonly id: string;
  readonly query: string;
  readonly gold: readonly string[];
}

/** A BFCL question: the user's words, its candidate functions and the gold function (absent for irrelevance). */
export interface BfclQuestion {
  readonly id: string;
  readonly query: string;
  readonly functions: readonly AnyAction[];
  readonly gold: string | undefined;
}

/** A JSON file of test/fixtures (`file` relative to it). */
export const readFixture = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(dataRoot, file), 'utf8')) as T;

const readLines = <T>(file: string): T[] =>
  readFileSync(path.join(dataRoot, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

const SEAL_TYPES: Record<string, string> = {
  str: 'string',
  int: 'integer',
  float: 'number',
  bool: 'boolean',
  list: 'array',
};

/** Make a name legal for `defineAction` (one Seal api name has spaces). */
export const legalName = (name: string): string => name.replace(/[^A-Za-z0-9_.-]/g, '_');

/** Seal-Tools tools as action definitions: Python type names become JSON Schema types, `field` the category. */
export function sealActions(): ActionDefinition[] {
  return readLines<SealTool>('seal-tools/tool.jsonl').map((tool) => ({
    name: legalName(tool.api_name),
    description: tool.api_description,
    category: tool.field,
    input: {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(tool.parameters ?? {}).map(([name, parameter]) => [
          name,
          { type: SEAL_TYPES[parameter.type] ?? 'string', description: parameter.description },
        ]),
      ),
      required: tool.required ?? [],
    },
  }));
}

/** Seal-Tools dev queries with their gold api names (made legal the same way as the actions). */
export function sealQueries(): SealQuery[] {
  return readLines<{ id: string; query: string; calling: Array<{ api: string }> }>(
    'seal-tools/dev.jsonl',
  ).map((row) => ({
    id: row.id,
    query: row.query,
    gold: [...new Set(row.calling.map((call) => legalName(call.api)))],
  }));
}

const BFCL_TYPES: Record<string, string | undefined> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  any: undefined,
  integer: 'integer',
  string: 'string',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
  number: 'number',
};

/** A BFCL parameter schema as JSON Schema: `dict`, `float`, `tuple` and `any` mapped, `optional` dropped. */
export function bfclSchema(schema: Record<string, unknown>): JsonSchema {
  const { type, properties, items, optional: _optional, ...rest } = schema;
  const converted: Record<string, unknown> = { ...rest };
  if (typeof type === 'string' && BFCL_TYPES[type] !== undefined) converted.type = BFCL_TYPES[type];
  if (properties && typeof properties === 'object') {
    converted.properties = Object.fromEntries(
      Object.entries(properties as Record<string, Record<string, unknown>>).map(([key, value]) => [
        key,
        bfclSchema(value),
      ]),
    );
  }
  if (items && typeof items === 'object') converted.items = bfclSchema(items as Record<string, unknown>);
  return converted;
}

interface BfclRow {
  readonly id: string;
  readonly question: Array<Array<{ role: string; content: string }>>;
  readonly function: Array<{ name: string; description: string; parameters: Record<string, unknown> }>;
}

/** BFCL questions of one category (`multiple` or `irrelevance`) with their functions as actions. */
export function bfclQuestions(category: 'multiple' | 'irrelevance'): BfclQuestion[] {
  const gold = new Map<string, string>();
  if (category === 'multiple') {
    for (const row of readLines<{ id: string; ground_truth: Array<Record<string, unknown>> }>(
      'bfcl/possible_answer/BFCL_v3_multiple.json',
    )) {
      const name = Object.keys(row.ground_truth[0] ?? {})[0];
      if (name) gold.set(row.id, name);
    }
  }
  return readLines<BfclRow>(`bfcl/BFCL_v3_${category}.json`).map((row) => ({
    id: row.id,
    query: row.question
      .flat()
      .filter((message) => message.role === 'user')
      .map((message) => message.content)
      .join('\n'),
    functions: row.function.map((fn) =>
      defineAction({
        name: legalName(fn.name),
        description: fn.description,
        input: bfclSchema(fn.parameters),
      }),
    ),
    gold: gold.has(row.id) ? legalName(gold.get(row.id)!) : undefined,
  }));
}
