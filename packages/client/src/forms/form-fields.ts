import type { JsonSchema } from '@affordance/core';

/** One input of a generated form: the kind decides the control, `path` is where the value goes in the args. */
export interface FormField {
  readonly path: readonly string[];
  readonly kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  readonly label: string;
  readonly description: string | undefined;
  readonly required: boolean;
  readonly options: readonly unknown[];
  readonly defaultValue: unknown;
  /** The string pattern of the property, if any (a hex-colour pattern gets a colour picker). */
  readonly pattern?: string;
}

/**
 * The fields of a form for an object JSON Schema: strings, numbers, integers, booleans and enums get their own
 * control, objects of those are flattened one level deep, anything else is edited as JSON text.
 */
export function formFields(schema: JsonSchema, prefix: readonly string[] = [], depth = 0): FormField[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: FormField[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const path = [...prefix, key];
    if (property.type === 'object' && property.properties && depth === 0) {
      fields.push(...formFields(property, path, depth + 1));
      continue;
    }
    fields.push({
      path,
      kind: kindOf(property),
      label: typeof property.title === 'string' ? property.title : path.join('.'),
      description: typeof property.description === 'string' ? property.description : undefined,
      required: required.has(key),
      options: Array.isArray(property.enum) ? property.enum : [],
      defaultValue: property.default,
      ...(typeof property.pattern === 'string' ? { pattern: property.pattern } : {}),
    });
  }
  return fields;
}

function kindOf(property: JsonSchema): FormField['kind'] {
  if (Array.isArray(property.enum)) return 'enum';
  switch (property.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return property.type;
    default:
      return 'json';
  }
}

/** Whether a pattern accepts exactly a `#rrggbb` hex colour (`^#[0-9a-fA-F]{6}$` and its spellings). */
export function isHexColorPattern(pattern: string | undefined): boolean {
  if (pattern === undefined) return false;
  const normalized = pattern.toLowerCase().replace('a-fa-f', 'a-f').replace('0-9a-f', 'a-f0-9');
  return normalized === '^#[a-f0-9]{6}$';
}

/** Turn the form's raw control values (text, or a boolean for checkboxes) into the action's arguments. */
export function formArgs(
  fields: readonly FormField[],
  raw: Readonly<Record<string, string | boolean>>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.path.join('.')];
    if (value === undefined || value === '') continue;
    let parsed: unknown = value;
    if (field.kind === 'number' || field.kind === 'integer') parsed = Number(value);
    else if (field.kind === 'enum')
      parsed = field.options.find((option) => String(option) === value) ?? value;
    else if (field.kind === 'json') parsed = parseJson(String(value));
    setPath(args, field.path, parsed);
  }
  return args;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // the validator reports the wrong type with a fix-it message
  }
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  path.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  node[path[path.length - 1]!] = value;
}
