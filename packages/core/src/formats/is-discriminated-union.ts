import { isRecord, type JsonRecord, resolveLocalRef } from '../util/resolve-local-ref.js';

/**
 * Whether union branches are objects told apart by one required property with a different constant in each
 * (`kind: "circle"` / `kind: "rect"`, as zod's discriminated unions give), so at most one branch can match and a
 * `oneOf` may be sent as an `anyOf` without changing what it accepts.
 */
export function isDiscriminatedUnion(branches: unknown, root: unknown): boolean {
  if (!Array.isArray(branches) || branches.length === 0) return false;
  const resolved = branches.map((branch) =>
    isRecord(branch) && typeof branch.$ref === 'string' ? resolveLocalRef(root, branch.$ref) : branch,
  );
  if (!resolved.every((branch) => isRecord(branch) && isRecord(branch.properties))) return false;
  const objects = resolved as Array<JsonRecord & { properties: JsonRecord }>;
  const candidates = Object.keys(objects[0]!.properties);
  return candidates.some((key) => {
    const seen = new Set<string>();
    for (const branch of objects) {
      const value = constantOf(branch.properties[key]);
      const required = Array.isArray(branch.required) && branch.required.includes(key);
      if (value === undefined || !required || seen.has(value)) return false;
      seen.add(value);
    }
    return true;
  });
}

/** The single value a schema allows, as JSON text (`const`, or a one-value `enum`). */
function constantOf(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return JSON.stringify(schema.enum[0]);
  return undefined;
}
