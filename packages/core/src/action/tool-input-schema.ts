import type { AnyAction, JsonSchema } from './types.js';

const cache = new WeakMap<AnyAction, Map<string, JsonSchema>>();

/**
 * The schema a model sees for an action: its input schema, plus for scoped actions a required string
 * target id parameter (first in `properties` and `required`). Cached per action and parameter name.
 */
export function toolInputSchema(action: AnyAction, defaultTargetParam: string): JsonSchema {
  if (!action.scope) return action.inputJsonSchema;
  const param = action.targetParam ?? defaultTargetParam;
  let byParam = cache.get(action);
  if (!byParam) {
    byParam = new Map();
    cache.set(action, byParam);
  }
  const cached = byParam.get(param);
  if (cached) return cached;
  const base = action.inputJsonSchema;
  const properties = (base.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(base.required) ? (base.required as string[]) : [];
  const schema: JsonSchema = {
    ...base,
    type: 'object',
    properties: {
      [param]: { type: 'string', description: `Id of the ${action.scope} to act on` },
      ...properties,
    },
    required: [param, ...required.filter((name) => name !== param)],
  };
  byParam.set(param, schema);
  return schema;
}

/** The name of the target id parameter of a scoped action. */
export function targetParamOf(action: AnyAction, defaultTargetParam: string): string {
  return action.targetParam ?? defaultTargetParam;
}
