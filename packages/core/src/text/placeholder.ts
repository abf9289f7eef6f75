import type { JsonSchema } from '../action/types.js';

/**
 * The words inside a syntax placeholder for one parameter, built from its schema: description (or the parameter name),
 * an example (`such as #ff0000`) or pattern, enum values, type and bounds, default, and whether it is optional.
 * `{hex color such as #ff0000}`, `{font size in px, integer from 8 to 96, optional}`.
 */
export function placeholderText(schema: JsonSchema, name: string, required: boolean): string {
  const type = schemaType(schema);
  const described = typeof schema.description === 'string' && schema.description.trim() !== '';
  const base = described ? sentenceCase(String(schema.description)) : humanize(name);
  const words: string[] = [];
  const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
  let head = base;
  if (enumValues && enumValues.length > 0) {
    const listed = enumValues
      .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
      .join(', ');
    head = `${base}: one of ${listed}`;
  } else {
    const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
    if (example !== undefined)
      head = `${base} such as ${typeof example === 'string' ? example : JSON.stringify(example)}`;
    else if (typeof schema.pattern === 'string') head = `${base} matching ${schema.pattern}`;
  }
  if (typeof schema.format === 'string') words.push(schema.format);
  if (type === 'integer' || type === 'number')
    words.push([type, bounds(schema.minimum, schema.maximum)].filter(Boolean).join(' '));
  if (type === 'boolean') words.push('true or false');
  if (type === 'string') {
    const length = bounds(schema.minLength, schema.maxLength);
    if (length) words.push(`${length} characters`);
  }
  if (type === 'array') {
    const count = bounds(schema.minItems, schema.maxItems);
    words.push(count ? `list of ${count} items` : 'list');
  }
  if (schema.default !== undefined) words.push(`default ${JSON.stringify(schema.default)}`);
  if (!required) words.push('optional');
  return [head, ...words].join(', ');
}

/** The JSON type of a schema: its `type` (the first non-null one of a list), or what its enum or const implies. */
export function schemaType(schema: JsonSchema): string | undefined {
  const declared = schema.type;
  if (typeof declared === 'string') return declared;
  if (Array.isArray(declared)) return declared.find((type) => type !== 'null') as string | undefined;
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values && values.length > 0 && values.every((value) => typeof value === 'string')) return 'string';
  if (schema.properties) return 'object';
  return undefined;
}

function bounds(minimum: unknown, maximum: unknown): string {
  const low = typeof minimum === 'number' ? minimum : undefined;
  const high = typeof maximum === 'number' ? maximum : undefined;
  if (low !== undefined && high !== undefined) return `from ${low} to ${high}`;
  if (low !== undefined) return `at least ${low}`;
  if (high !== undefined) return `at most ${high}`;
  return '';
}

function sentenceCase(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  // Lower-case a capital that starts an ordinary word ("Hex color"), never an acronym ("URL of the image").
  return /^[A-Z][a-z]/.test(flat) ? flat[0]!.toLowerCase() + flat.slice(1) : flat;
}

function humanize(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}
