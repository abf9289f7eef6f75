import type { JsonSchema } from '../action/types.js';
import { cloneJson, isRecord, resolveLocalRef } from '../util/resolve-local-ref.js';

const UNIONS = ['anyOf', 'oneOf', 'allOf'] as const;

/** A copy of an input schema whose root every provider accepts, and what had to change for that, if anything. */
export interface ObjectRoot {
  readonly schema: Record<string, unknown>;
  readonly note: string | undefined;
}

/**
 * Copy an input schema so that its root is a plain `type: "object"` schema, as OpenAI, Anthropic and Gemini
 * require: a missing type is filled in, a root `$ref` is inlined, and a root `anyOf` / `oneOf` / `allOf` is merged
 * into one object offering every branch's properties (required: those every branch requires; all of them for
 * `allOf`), with a note saying so. Calls are still validated against the full original schema when they run.
 */
export function objectRoot(schema: JsonSchema): ObjectRoot {
  let copy = cloneJson(schema) as Record<string, unknown>;
  if (typeof copy.$ref === 'string') {
    const target = resolveLocalRef(copy, copy.$ref);
    if (isRecord(target)) {
      const { $ref: _ref, ...rest } = copy;
      copy = { ...cloneJson(target), ...rest };
    }
  }
  const unions = UNIONS.filter((keyword) => Array.isArray(copy[keyword]));
  if (unions.length === 0) {
    if (copy.type === undefined) copy.type = 'object';
    return { schema: copy, note: undefined };
  }
  const properties: Record<string, unknown> = isRecord(copy.properties) ? { ...copy.properties } : {};
  const required = new Set(namesIn(copy.required));
  for (const keyword of unions) {
    const branches = (copy[keyword] as unknown[])
      .map((branch) =>
        isRecord(branch) && typeof branch.$ref === 'string' ? resolveLocalRef(copy, branch.$ref) : branch,
      )
      .filter(isRecord);
    for (const branch of branches) {
      if (!isRecord(branch.properties)) continue;
      for (const [key, value] of Object.entries(branch.properties))
        if (!Object.hasOwn(properties, key)) properties[key] = value;
    }
    const branchRequired = branches.map((branch) => new Set(namesIn(branch.required)));
    const merged =
      keyword === 'allOf'
        ? branchRequired.flatMap((names) => [...names])
        : [...(branchRequired[0] ?? [])].filter((name) => branchRequired.every((names) => names.has(name)));
    for (const name of merged) required.add(name);
    delete copy[keyword];
  }
  copy.type = 'object';
  copy.properties = properties;
  if (required.size > 0) copy.required = [...required].filter((name) => Object.hasOwn(properties, name));
  else delete copy.required;
  return {
    schema: copy,
    note: `the top-level ${unions.join(' and ')} was merged into one object with every branch's properties (calls are still checked against the full schema)`,
  };
}

function namesIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}
