import { isNode, localRef, type SchemaNode } from './schema-walk.js';

/**
 * Write each `default` of a property the value lacks (and of a missing tuple item) into the value, as ajv's
 * `useDefaults` does: through `properties`, `items`, `allOf` and `$ref`, never inside `anyOf`/`oneOf`/`not`/`if`.
 */
export function fillDefaults(schema: unknown, value: unknown, root: unknown = schema, depth = 0): void {
  if (!isNode(schema) || depth > 64 || value === null || typeof value !== 'object') return;
  if (typeof schema.$ref === 'string') fillDefaults(localRef(root, schema.$ref), value, root, depth + 1);
  if (Array.isArray(schema.allOf))
    for (const part of schema.allOf) fillDefaults(part, value, root, depth + 1);
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
        fillDefaults(item, value[index], root, depth + 1);
      });
    } else if (isNode(schema.items)) {
      for (const item of value) fillDefaults(schema.items, item, root, depth + 1);
    }
    return;
  }
  if (!isNode(schema.properties)) return;
  const record = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties as Record<string, SchemaNode>)) {
    if (isNode(property) && 'default' in property && record[key] === undefined)
      record[key] = copy(property.default);
    if (Object.hasOwn(record, key)) fillDefaults(property, record[key], root, depth + 1);
  }
}

// ajv writes the default as a literal into its compiled code: every call gets a fresh copy.
function copy(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}
