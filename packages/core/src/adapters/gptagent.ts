import { defineDynamicAction } from '../action/define-action.js';
import type { ActionContext, AnyAction, JsonSchema } from '../action/types.js';

/** The executor of a gptagent.js tool action. */
export interface GptAgentExecutor<TInput = Record<string, unknown>, TOutput = unknown> {
  execute(options: {
    input: TInput;
    action: GptAgentAction<TInput, TOutput>;
    context: Record<string, unknown>;
    [key: string]: unknown;
  }): Promise<{ summary?: string; output?: TOutput } | TOutput>;
}

/** A gptagent.js-style action: a dotted `type`, a description, an input example and an executor. */
export interface GptAgentAction<TInput = Record<string, unknown>, TOutput = unknown> {
  type: string;
  description: string;
  /** Values are placeholders shown to the model, e.g. `{ query: '{search query}' }`. */
  inputExample?: TInput;
  executor: GptAgentExecutor<TInput, TOutput>;
}

/**
 * Turn a gptagent.js-style action into an action: the name is its `type` (dots kept; tool names are made legal
 * per provider), the input schema is inferred from `inputExample` (every key required, typed by its example), and
 * the model reads the executor's `summary` when it gives one.
 */
export function fromGptAgentAction(action: GptAgentAction<any, any>): AnyAction {
  const example = action.inputExample ?? {};
  return defineDynamicAction({
    name: action.type,
    description: action.description,
    input: schemaFromExample(example),
    meta: { source: 'gptagent', inputExample: example },
    toModelOutput: (result: unknown) => {
      if (
        result &&
        typeof result === 'object' &&
        typeof (result as { summary?: unknown }).summary === 'string'
      ) {
        return (result as { summary: string }).summary;
      }
      return typeof result === 'string' ? result : JSON.stringify(result);
    },
    handler: (input: unknown, ctx: ActionContext) =>
      action.executor.execute({
        input,
        action,
        context: ctx.context,
        services: ctx.services,
        signal: ctx.signal,
      }),
  });
}

function schemaFromExample(example: Record<string, unknown>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(example)) {
    const placeholder = typeof value === 'string' && /^\{.*\}$/.test(value) ? value.slice(1, -1) : undefined;
    properties[key] = {
      ...typeOf(value),
      ...(placeholder ? { description: placeholder } : { examples: [value] }),
    };
  }
  return { type: 'object', properties, required: Object.keys(example), additionalProperties: false };
}

function typeOf(value: unknown): JsonSchema {
  if (typeof value === 'string') return { type: 'string' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (Array.isArray(value)) return { type: 'array' };
  if (value && typeof value === 'object') return { type: 'object' };
  return {};
}
