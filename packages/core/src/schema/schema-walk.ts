/** A JSON Schema node as the CSP-safe validator walks it. */
export type SchemaNode = Record<string, unknown>;

/** Keywords whose value is one subschema. */
export const SUBSCHEMA = new Set([
  'not',
  'if',
  'then',
  'else',
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
]);
/** Keywords whose value is an array of subschemas. */
export const SUBSCHEMA_ARRAY = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

/** Whether a value is a schema object (not an array, not a boolean schema). */
export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Visit every subschema reachable from `root` through schema keywords (never `enum`, `const`, `default`). */
export function eachSubschema(root: unknown, visit: (node: SchemaNode) => void, depth = 0): void {
  if (!isNode(root) || depth > 64) return;
  visit(root);
  for (const [key, value] of Object.entries(root)) {
    if (SUBSCHEMA_ARRAY.has(key) && Array.isArray(value)) {
      for (const child of value) eachSubschema(child, visit, depth + 1);
    } else if (SUBSCHEMA.has(key)) eachSubschema(value, visit, depth + 1);
    else if (SUBSCHEMA_MAP.has(key) && isNode(value)) {
      for (const child of Object.values(value)) eachSubschema(child, visit, depth + 1);
    }
  }
}

/** The schema a local `$ref` (`#`, `#/$defs/x`) points at inside `root`, or undefined. */
export function localRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
