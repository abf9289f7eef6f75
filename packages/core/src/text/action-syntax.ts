import type { JsonSchema } from '../action/types.js';
import { placeholderText, schemaType } from './placeholder.js';

/** A piece of an action's syntax: an object, a list, a `{placeholder}` or a literal JSON value. */
export type SyntaxNode =
  | { readonly kind: 'object'; readonly entries: ReadonlyArray<readonly [string, SyntaxNode]> }
  | { readonly kind: 'array'; readonly item: SyntaxNode }
  | { readonly kind: 'placeholder'; readonly text: string; readonly quoted: boolean }
  | { readonly kind: 'literal'; readonly value: unknown };

// Nested objects deeper than this are shown as one placeholder.
const MAX_DEPTH = 3;

/** The syntax of an action: `{"action": name}` followed by one entry per parameter of its tool input schema. */
export function actionSyntax(
  name: string,
  schema: JsonSchema,
  fixed: Readonly<Record<string, string>> = {},
): SyntaxNode {
  const body = objectSyntax(schema, 0);
  const entries = body.kind === 'object' ? body.entries : [];
  return {
    kind: 'object',
    entries: [
      ['action', { kind: 'literal', value: name }],
      ...entries.map(([key, node]): readonly [string, SyntaxNode] =>
        fixed[key] !== undefined ? [key, { kind: 'literal', value: fixed[key] }] : [key, node],
      ),
    ],
  };
}

function objectSyntax(schema: JsonSchema, depth: number): SyntaxNode {
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return {
    kind: 'object',
    entries: Object.entries(properties).map(([key, property]) => [
      key,
      parameterSyntax(isObject(property) ? (property as JsonSchema) : {}, key, required.has(key), depth + 1),
    ]),
  };
}

function parameterSyntax(raw: JsonSchema, name: string, required: boolean, depth: number): SyntaxNode {
  const schema = withoutNullBranch(raw);
  if ('const' in schema) return { kind: 'literal', value: schema.const };
  const type = schemaType(schema);
  if (type === 'object' && isObject(schema.properties) && depth < MAX_DEPTH)
    return objectSyntax(schema, depth);
  if (type === 'array' && isObject(schema.items) && depth < MAX_DEPTH) {
    const items = withoutNullBranch(schema.items as JsonSchema);
    const itemType = schemaType(items);
    if (itemType === 'object' && isObject(items.properties))
      return { kind: 'array', item: objectSyntax(items, depth) };
    const itemName = typeof schema.description === 'string' ? schema.description : name;
    // An optional list says so on its item, the only placeholder it has.
    return {
      kind: 'array',
      item: parameterSyntax(
        { ...items, description: items.description ?? itemName },
        name,
        required,
        depth + 1,
      ),
    };
  }
  return {
    kind: 'placeholder',
    text: placeholderText(schema, name, required),
    quoted: type === 'string' || type === undefined,
  };
}

/** Print a syntax node as indented pseudo-JSON: placeholders in braces, JSON.stringify's two-space layout. */
export function printSyntax(node: SyntaxNode, indent = ''): string {
  switch (node.kind) {
    case 'literal':
      return (JSON.stringify(node.value, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);
    case 'placeholder':
      return node.quoted ? JSON.stringify(`{${node.text}}`) : `{${node.text}}`;
    case 'array': {
      if (node.item.kind !== 'object') return `[${printSyntax(node.item, indent)}, ...]`;
      const inner = `${indent}  `;
      return `[\n${inner}${printSyntax(node.item, inner)},\n${inner}...\n${indent}]`;
    }
    case 'object': {
      if (node.entries.length === 0) return '{}';
      const inner = `${indent}  `;
      const lines = node.entries.map(
        ([key, value]) => `${inner}${JSON.stringify(key)}: ${printSyntax(value, inner)}`,
      );
      return `{\n${lines.join(',\n')}\n${indent}}`;
    }
    default: {
      const never: never = node;
      throw new Error(`unknown syntax node ${JSON.stringify(never)}`);
    }
  }
}

// `anyOf: [{type: 'string'}, {type: 'null'}]` (zod's optional-nullable) reads as its non-null branch.
function withoutNullBranch(schema: JsonSchema): JsonSchema {
  const branches = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  ) as JsonSchema[] | undefined;
  if (!branches) return schema;
  const first = branches.find((branch) => isObject(branch) && branch.type !== 'null');
  if (!first) return schema;
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return { ...first, ...rest };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
