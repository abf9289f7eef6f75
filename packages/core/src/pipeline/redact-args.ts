import type { JsonSchema } from '../action/types.js';

const REDACTED = '[redacted]';

/**
 * A copy of `args` with secrets replaced by "[redacted]": properties the schema marks `writeOnly: true`,
 * `x-sensitive: true` or `format: "password"`, and keys matching `redactKeys`.
 */
export function redactArgs(
  args: unknown,
  schema: JsonSchema | undefined,
  redactKeys: RegExp,
  /** `safeKeysOf(schema, redactKeys)`, when the caller keeps it. */
  safe: ReadonlySet<string> | undefined = schema && safeKeysOf(schema, redactKeys),
): unknown {
  if (onlySafeScalars(args, safe) || !needsRedaction(args, schema, redactKeys, 0)) return args;
  const walk = (value: unknown, node: JsonSchema | undefined, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || depth > 64) return value;
    if (Array.isArray(value)) {
      const items = node?.items && typeof node.items === 'object' ? (node.items as JsonSchema) : undefined;
      return value.map((item) => walk(item, items, depth + 1));
    }
    const properties = (node?.properties ?? {}) as Record<string, JsonSchema>;
    const output: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
      output[key] =
        isSecret(childSchema) || redactKeys.test(key) ? REDACTED : walk(child, childSchema, depth + 1);
    }
    return output;
  };
  return walk(args, schema, 0);
}

function isSecret(schema: JsonSchema | undefined): boolean {
  if (!schema || typeof schema !== 'object') return false;
  return schema.writeOnly === true || schema['x-sensitive'] === true || schema.format === 'password';
}

const safeKeys = new WeakMap<JsonSchema, { readonly redactKeys: RegExp; readonly keys: Set<string> }>();

/** Top-level properties of `schema` that are never secret, by schema or by name (worked out once per schema). */
export function safeKeysOf(schema: JsonSchema, redactKeys: RegExp): Set<string> {
  const cached = safeKeys.get(schema);
  if (cached && cached.redactKeys === redactKeys) return cached.keys;
  const keys = new Set<string>();
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const [key, child] of Object.entries(properties as Record<string, JsonSchema>))
      if (!isSecret(child) && !redactKeys.test(key)) keys.add(key);
  }
  safeKeys.set(schema, { redactKeys, keys });
  return keys;
}

// The usual call: a flat object of scalars under keys the schema declares and that are not secret; a set lookup
// per key instead of the walk below.
function onlySafeScalars(args: unknown, safe: ReadonlySet<string> | undefined): boolean {
  if (!safe || args === null || typeof args !== 'object' || Array.isArray(args)) return false;
  // for-in walks the enumeration cache without making a key array (this runs on every audited call).
  for (const key in args) {
    if (!Object.hasOwn(args, key)) continue;
    const value = (args as Record<string, unknown>)[key];
    if ((value !== null && typeof value === 'object') || !safe.has(key)) return false;
  }
  return true;
}

// The same walk without allocating: most calls carry no secret, and then the arguments are kept as they are.
function needsRedaction(
  value: unknown,
  node: JsonSchema | undefined,
  redactKeys: RegExp,
  depth: number,
): boolean {
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) {
    const items = node?.items && typeof node.items === 'object' ? (node.items as JsonSchema) : undefined;
    for (const item of value) if (needsRedaction(item, items, redactKeys, depth + 1)) return true;
    return false;
  }
  const properties = node?.properties as Record<string, JsonSchema> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const childSchema = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (isSecret(childSchema) || redactKeys.test(key)) return true;
    if (needsRedaction((value as Record<string, unknown>)[key], childSchema, redactKeys, depth + 1))
      return true;
  }
  return false;
}
