// Independent checks of formatted tools against each provider's published rules, shared by the format tests.

import type { JsonSchema, ToolFormat } from '@affordance/core';
import {
  ANTHROPIC_NAMES,
  type FormattedTools,
  GEMINI_NAMES,
  type GeminiSchema,
  MCP_NAMES,
  type NameRule,
  OPENAI_NAMES,
} from '@affordance/core/formats';
import { ToolSchema as AGUIToolSchema } from '@ag-ui/core/schemas';
import { ToolSchema as MCPToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { compileJsonSchema } from '../../packages/core/src/schema/compile-validator.js';

// biome-ignore lint/suspicious/noExplicitAny: each provider shapes tools differently; tests read them loosely
type AnyTool = Record<string, any>;

/** The provider's name rule for each format (AG-UI tools go on to a model, so they follow OpenAI's). */
export const NAME_RULES: Record<ToolFormat, NameRule> = {
  openai: OPENAI_NAMES,
  'openai-responses': OPENAI_NAMES,
  anthropic: ANTHROPIC_NAMES,
  gemini: GEMINI_NAMES,
  mcp: MCP_NAMES,
  'ag-ui': OPENAI_NAMES,
};

/** The tool name as the provider sees it. */
export function toolName(format: ToolFormat, tool: AnyTool): string {
  return format === 'openai' ? tool.function?.name : tool.name;
}

/** The JSON Schema of a tool's parameters (Gemini's converted back to JSON Schema), if it has one. */
export function parametersOf(format: ToolFormat, tool: AnyTool): JsonSchema | undefined {
  switch (format) {
    case 'openai':
      return tool.function.parameters;
    case 'openai-responses':
    case 'ag-ui':
      return tool.parameters;
    case 'anthropic':
      return tool.input_schema;
    case 'gemini':
      return tool.parameters ? geminiToJsonSchema(tool.parameters) : { type: 'object' };
    case 'mcp':
      return tool.inputSchema;
    default: {
      const unknown: never = format;
      throw new Error(`unknown format ${String(unknown)}`);
    }
  }
}

/** Everything wrong with a formatted tool list, as readable lines (empty when all is well). */
export function problemsOf(format: ToolFormat, formatted: FormattedTools<unknown>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const tool of formatted.tools as AnyTool[]) {
    const name = toolName(format, tool);
    const at = `${format} ${name}`;
    if (!NAME_RULES[format].pattern.test(name)) problems.push(`${at}: illegal name`);
    if (seen.has(name)) problems.push(`${at}: name used twice`);
    seen.add(name);
    if (!formatted.names.has(name)) problems.push(`${at}: name does not map back`);
    problems.push(...shapeProblems(format, tool).map((problem) => `${at}: ${problem}`));
    const parameters = parametersOf(format, tool);
    if (parameters) problems.push(...compileProblems(parameters).map((problem) => `${at}: ${problem}`));
  }
  return problems;
}

function shapeProblems(format: ToolFormat, tool: AnyTool): string[] {
  switch (format) {
    case 'openai':
      if (tool.type !== 'function' || typeof tool.function !== 'object') return ['not a function tool'];
      return openAIProblems(tool.function);
    case 'openai-responses':
      if (tool.type !== 'function') return ['not a function tool'];
      return openAIProblems(tool);
    case 'anthropic':
      return tool.input_schema?.type === 'object' ? [] : ['input_schema is not type object'];
    case 'gemini':
      return tool.parameters ? geminiProblems(tool.parameters, '#', true) : [];
    case 'mcp': {
      const parsed = MCPToolSchema.safeParse(tool);
      const problems = parsed.success ? [] : [`MCP ToolSchema refuses it: ${parsed.error.message}`];
      if (tool.outputSchema)
        problems.push(...compileProblems(tool.outputSchema).map((problem) => `outputSchema ${problem}`));
      return problems;
    }
    case 'ag-ui': {
      const parsed = AGUIToolSchema.safeParse(tool);
      return parsed.success ? [] : [`AG-UI ToolSchema refuses it: ${parsed.error.message}`];
    }
    default: {
      const unknown: never = format;
      throw new Error(`unknown format ${String(unknown)}`);
    }
  }
}

function compileProblems(schema: JsonSchema): string[] {
  try {
    compileJsonSchema(schema, 'tool schema');
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

function openAIProblems(definition: AnyTool): string[] {
  const problems: string[] = [];
  if (typeof definition.description !== 'string') problems.push('no description');
  if (typeof definition.strict !== 'boolean') problems.push('strict is not a boolean');
  if (definition.parameters?.type !== 'object') problems.push('parameters are not type object');
  if (definition.strict) problems.push(...strictProblems(definition.parameters));
  return problems;
}

// OpenAI Structured Outputs, "Supported schemas": the keywords strict mode accepts.
const STRICT_KEYWORDS = new Set([
  ...['type', 'enum', 'const', 'anyOf', '$ref', 'properties', 'required', 'additionalProperties', 'items'],
  ...['minItems', 'maxItems', 'pattern', 'format', 'minLength', 'maxLength', 'multipleOf'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  ...['title', 'description', 'default', 'examples', '$comment', 'readOnly', 'writeOnly'],
]);
const STRICT_FORMATS = new Set([
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

/** Where a schema breaks OpenAI strict mode's rules. */
export function strictProblems(root: AnyTool): string[] {
  const problems: string[] = [];
  if (root.anyOf) problems.push('root uses anyOf');
  const visit = (node: AnyTool, path: string, isRoot: boolean) => {
    for (const key of Object.keys(node)) {
      const rootOnly = isRoot && ['$defs', 'definitions', '$schema', '$id'].includes(key);
      if (!STRICT_KEYWORDS.has(key) && !rootOnly) problems.push(`${path} uses ${key}`);
    }
    if (node.format !== undefined && !STRICT_FORMATS.has(node.format))
      problems.push(`${path} format ${node.format}`);
    const types: unknown[] = node.type === undefined ? [] : [node.type].flat();
    if (types.length === 0 && !node.$ref && !node.anyOf && !node.enum && !('const' in node))
      problems.push(`${path} has no type`);
    if (types.includes('object') || node.properties) {
      if (node.additionalProperties !== false) problems.push(`${path} is not closed`);
      const keys = Object.keys(node.properties ?? {});
      if (JSON.stringify([...(node.required ?? [])].sort()) !== JSON.stringify([...keys].sort())) {
        problems.push(`${path} does not require every property`);
      }
      for (const key of keys) visit(node.properties[key], `${path}/properties/${key}`, false);
    }
    if (types.includes('array') && (typeof node.items !== 'object' || Array.isArray(node.items))) {
      problems.push(`${path} has no single items schema`);
    }
    if (node.items && !Array.isArray(node.items)) visit(node.items, `${path}/items`, false);
    for (const [index, branch] of (node.anyOf ?? []).entries())
      visit(branch, `${path}/anyOf/${index}`, false);
  };
  visit(root, '#', true);
  for (const keyword of ['$defs', 'definitions']) {
    for (const [name, definition] of Object.entries(root[keyword] ?? {})) {
      visit(definition as AnyTool, `#/${keyword}/${name}`, false);
    }
  }
  return problems;
}

// `Schema` in @google/genai.
const GEMINI_KEYS = new Set([
  ...['type', 'format', 'title', 'description', 'nullable', 'enum', 'default', 'example', 'properties'],
  ...[
    'required',
    'minProperties',
    'maxProperties',
    'items',
    'minItems',
    'maxItems',
    'minLength',
    'maxLength',
  ],
  ...['pattern', 'minimum', 'maximum', 'anyOf', 'propertyOrdering'],
]);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);

/** Where a Gemini schema breaks the rules of `Schema` and the errors Gemini is known to give. */
export function geminiProblems(node: GeminiSchema, path: string, isRoot = false): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(node)) if (!GEMINI_KEYS.has(key)) problems.push(`${path} has ${key}`);
  if (isRoot && node.type !== 'OBJECT') problems.push(`${path} parameters are not OBJECT`);
  if (node.type !== undefined && !GEMINI_TYPES.has(node.type)) problems.push(`${path} type ${node.type}`);
  if (node.enum && !node.enum.every((value) => typeof value === 'string'))
    problems.push(`${path} enum not all strings`);
  if (node.properties !== undefined) {
    if (node.type !== 'OBJECT') problems.push(`${path} properties on a non-OBJECT`);
    if (Object.keys(node.properties).length === 0) problems.push(`${path} empty properties`);
    for (const [key, child] of Object.entries(node.properties)) {
      problems.push(...geminiProblems(child, `${path}/properties/${key}`));
    }
  }
  for (const name of node.required ?? []) {
    if (!node.properties || !Object.hasOwn(node.properties, name))
      problems.push(`${path} requires undeclared ${name}`);
  }
  if (node.type === 'ARRAY' && !node.items) problems.push(`${path} ARRAY without items`);
  if (node.items) {
    if (node.type !== 'ARRAY') problems.push(`${path} items on a non-ARRAY`);
    problems.push(...geminiProblems(node.items, `${path}/items`));
  }
  for (const key of [
    'minItems',
    'maxItems',
    'minLength',
    'maxLength',
    'minProperties',
    'maxProperties',
  ] as const) {
    if (node[key] !== undefined && !/^\d+$/.test(node[key]))
      problems.push(`${path} ${key} is not an int64 string`);
  }
  for (const [index, branch] of (node.anyOf ?? []).entries())
    problems.push(...geminiProblems(branch, `${path}/anyOf/${index}`));
  return problems;
}

/** A Gemini schema read back as JSON Schema, to compile it and to check values against it. */
export function geminiToJsonSchema(node: GeminiSchema): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  if (node.type) schema.type = node.nullable ? [node.type.toLowerCase(), 'null'] : node.type.toLowerCase();
  for (const key of ['title', 'description', 'default', 'pattern', 'minimum', 'maximum', 'format'] as const) {
    if (node[key] !== undefined) schema[key] = node[key];
  }
  for (const key of [
    'minItems',
    'maxItems',
    'minLength',
    'maxLength',
    'minProperties',
    'maxProperties',
  ] as const) {
    if (node[key] !== undefined) schema[key] = Number(node[key]);
  }
  if (node.enum) schema.enum = node.nullable ? [...node.enum, null] : node.enum;
  if (node.properties) {
    schema.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => [key, geminiToJsonSchema(child)]),
    );
  }
  if (node.required) schema.required = node.required;
  if (node.items) schema.items = geminiToJsonSchema(node.items);
  if (node.anyOf) {
    schema.anyOf = [...node.anyOf.map(geminiToJsonSchema), ...(node.nullable ? [{ type: 'null' }] : [])];
  }
  return schema;
}

/** The arguments with `null` for every optional property left out, as a model in OpenAI strict mode sends them. */
export function withStrictNulls(args: unknown, schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return args;
  const node = schema as AnyTool;
  if (Array.isArray(args)) return node.items ? args.map((item) => withStrictNulls(item, node.items)) : args;
  if (typeof args !== 'object' || args === null || !node.properties) return args;
  const filled: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const [key, property] of Object.entries(node.properties)) {
    filled[key] = key in filled ? withStrictNulls(filled[key], property) : null;
  }
  return filled;
}
