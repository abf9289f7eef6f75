import { isNode, localRef, type SchemaNode } from './schema-walk.js';

/** Whether a value conforms to one subschema (for the branch of an `if` that ajv would take). */
export type Conforms = (schema: unknown, value: unknown) => boolean;

/**
 * Write each `default` of a property the value lacks (and of a missing tuple item) into the value, as ajv's
 * `useDefaults` does: through `properties`, `items`, `allOf`, `$ref` and the `then`/`else` an `if` takes (when
 * `conforms` is given), never inside `anyOf`/`oneOf`/`not`/`if`.
 */
export function fillDefaults(
  schema: unknown,
  value: unknown,
  root: unknown = schema,
  conforms?: Conforms,
  depth = 0,
): void {
  if (!isNode(schema) || depth > 64 || value === null || typeof value !== 'object') return;
  const fill = (node: unknown, item: unknown) => fillDefaults(node, item, root, conforms, depth + 1);
  if (typeof schema.$ref === 'string') fill(localRef(root, schema.$ref), value);
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) fill(part, value);
  // ajv runs `if` (and the branch it takes, with its defaults) before it fills this level's own defaults.
  if (conforms && 'if' in schema && ('then' in schema || 'else' in schema))
    fill(conforms(schema.if, value) ? schema.then : schema.else, value);
  fillObject(schema, value, fill);
}

function fillObject(schema: SchemaNode, value: object, fill: (node: unknown, item: unknown) => void): void {
  if (Array.isArray(value)) {
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : undefined;
    if (tuple) {
      tuple.forEach((item, index) => {
        if (isNode(item) && 'default' in item && value[index] === undefined)
          value[index] = copy(item.default);
        fill(item, value[index]);
      });
    } else if (isNode(schema.items)) {
      for (const item of value) fill(schema.items, item);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  const properties = isNode(schema.properties) ? (schema.properties as Record<string, SchemaNode>) : {};
  for (const [key, property] of Object.entries(properties)) {
    if (isNode(property) && 'default' in property && record[key] === undefined)
      record[key] = copy(property.default);
    if (Object.hasOwn(record, key)) fill(property, record[key]);
  }
  // The other keys' values get the defaults of the schemas ajv checks them against.
  const patterns = isNode(schema.patternProperties)
    ? Object.entries(schema.patternProperties).map(
        ([pattern, node]) => [new RegExp(pattern, 'u'), node] as const,
      )
    : [];
  const additional = isNode(schema.additionalProperties) ? schema.additionalProperties : undefined;
  if (patterns.length === 0 && !additional) return;
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(properties, key)) continue;
    let matched = false;
    for (const [pattern, node] of patterns) {
      if (!pattern.test(key)) continue;
      matched = true;
      fill(node, record[key]);
    }
    if (!matched && additional) fill(additional, record[key]);
  }
}

// ajv writes the default as a literal into its compiled code: every call gets a fresh copy.
function copy(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}
