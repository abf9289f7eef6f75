import { isRecord, resolveLocalRef } from '../util/resolve-local-ref.js';

/**
 * Whether `null` may be valid under a JSON Schema node (local `$ref`s followed inside `root`). It answers true
 * when unsure (a reference that leads nowhere, very deep nesting), which is the safe side for both callers: strict
 * mode then refuses to let null stand for "left out", and null-stripping keeps the value as sent.
 */
export function acceptsNull(schema: unknown, root: unknown, depth = 0): boolean {
  if (schema === false) return false;
  if (!isRecord(schema) || depth > 32) return true;
  const type = schema.type;
  if (type !== undefined && schema.nullable !== true) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.includes('null')) return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
  if ('const' in schema && schema.const !== null) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((branch) => acceptsNull(branch, root, depth + 1)))
    return false;
  if (Array.isArray(schema.oneOf) && !schema.oneOf.some((branch) => acceptsNull(branch, root, depth + 1)))
    return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((branch) => acceptsNull(branch, root, depth + 1)))
    return false;
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(root, schema.$ref);
    if (target !== undefined && !acceptsNull(target, root, depth + 1)) return false;
  }
  return true;
}
