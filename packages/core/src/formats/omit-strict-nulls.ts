import type { JsonSchema } from '../action/types.js';
import { isRecord, type JsonRecord, resolveLocalRef } from '../util/resolve-local-ref.js';
import { acceptsNull } from './accepts-null.js';

/**
 * Undo OpenAI strict mode's stand-in for left-out arguments: drop each `null` sent for an optional property whose
 * own schema does not accept null, through nested objects, array items, local `$ref`s and the one matching object
 * branch of a union. Returns a new value; everything else stays as sent, so a null the schema allows is kept.
 */
export function omitStrictNulls(args: unknown, schema: JsonSchema): unknown {
  return omit(args, schema, schema, 0);
}

function omit(value: unknown, node: unknown, root: JsonSchema, depth: number): unknown {
  const shape = follow(node, root);
  if (depth > 64 || !shape) return value;
  if (Array.isArray(value)) {
    const items = follow(shape.items, root);
    return items ? value.map((item) => omit(item, items, root, depth + 1)) : value;
  }
  if (!isRecord(value)) return value;
  const objectShape = isRecord(shape.properties) ? shape : branchFor(value, shape, root);
  if (!objectShape) return value;
  const properties = objectShape.properties as JsonRecord;
  const required = Array.isArray(objectShape.required) ? objectShape.required : [];
  const output: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const entry = value[key];
    if (entry === null && property !== undefined && !required.includes(key) && !acceptsNull(property, root))
      continue;
    const kept = property === undefined ? entry : omit(entry, property, root, depth + 1);
    Object.defineProperty(output, key, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return output;
}

/** The schema a node stands for once local `$ref`s are followed (a few hops at most). */
function follow(node: unknown, root: JsonSchema): JsonRecord | undefined {
  let current = node;
  for (let hops = 0; hops < 8 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    current = resolveLocalRef(root, current.$ref);
  }
  return isRecord(current) ? current : undefined;
}

/** The only object branch of an `anyOf` / `oneOf` that declares every key the value has. */
function branchFor(value: JsonRecord, shape: JsonRecord, root: JsonSchema): JsonRecord | undefined {
  const branches = [shape.anyOf, shape.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  const keys = Object.keys(value);
  const matching = branches
    .map((branch) => follow(branch, root))
    .filter((branch): branch is JsonRecord => {
      const properties = branch?.properties;
      return isRecord(properties) && keys.every((key) => Object.hasOwn(properties, key));
    });
  return matching.length === 1 ? matching[0] : undefined;
}
