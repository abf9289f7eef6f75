import {
  type ActionContext,
  type ActionDefinition,
  type ActionInput,
  defineAction,
  type Registry,
  type SchemaLike,
} from '@affordance/core';
import type { ToolCallStore } from '../tool-calls/create-tool-call-store.js';
import type { RendererRegistry } from '../tool-calls/renderer-registry.js';

/**
 * An action as a view declares it: `parameters` is a JSON Schema literal or a Standard Schema (zod v4 …), `render`
 * is whatever the view layer draws a call with.
 */
export interface FrontendActionOptions<
  TSchema extends SchemaLike | undefined,
  TResult,
  TRender extends AnyRender = AnyRender,
> extends Omit<ActionDefinition<TSchema, TResult>, 'input' | 'handler' | 'render' | 'available'> {
  readonly parameters?: TSchema;
  /** Runs after the arguments passed validation; omit it (with a `render`) to wait for the person's `respond`. */
  readonly handler?: (args: ActionInput<TSchema>, ctx: ActionContext) => TResult | Promise<TResult>;
  readonly render?: TRender;
  /** `disabled`: render-only, never offered to the model. */
  readonly available?: 'enabled' | 'disabled';
}

/** A function that draws one tool call, whatever the view layer makes of its result. */
export type AnyRender = (props: never) => unknown;

/** What `registerFrontendAction` needs: where the action goes, and a reader of its latest options. */
export interface RegisterFrontendActionOptions<TRender extends AnyRender> {
  readonly registry: Registry;
  /** Holds calls that wait for the person's answer. */
  readonly store: ToolCallStore;
  /** Receives the wildcard `'*'` renderer. */
  readonly renderers: RendererRegistry<TRender>;
  /** The latest options: the handler and render called are always the current ones, without re-registering. */
  readonly read: () => FrontendActionOptions<SchemaLike | undefined, unknown, TRender>;
}

/**
 * Register a view's action with the registry (replacing one of the same name); an action with a `render` and no
 * handler waits for the person's `respond` through the store; the name `'*'` sets a wildcard renderer instead.
 * Returns the function that removes it.
 */
export function registerFrontendAction<TRender extends AnyRender>(
  options: RegisterFrontendActionOptions<TRender>,
): () => void {
  const { registry, store, renderers, read } = options;
  const current = read();
  // Stable wrappers that call the latest render: a view may treat the render as a component type.
  const render = ((props: never) => read().render?.(props)) as TRender;
  if (current.name === '*') {
    if (current.render === undefined) throw new Error("the wildcard action '*' needs a render function");
    return renderers.set('*', render);
  }
  const { parameters, handler, render: given, ...rest } = current;
  const waitsForPerson = !handler && given !== undefined && current.available !== 'disabled';
  const action = defineAction({
    ...rest,
    ...(parameters ? { input: parameters } : {}),
    render,
    ...(handler
      ? { handler: (args: never, ctx: ActionContext) => read().handler!(args, ctx) }
      : waitsForPerson
        ? {
            handler: (_args: never, ctx: ActionContext) =>
              store.awaitResponse(ctx.toolCallId ?? ctx.callId, ctx.signal),
          }
        : {}),
  } as ActionDefinition<SchemaLike | undefined, unknown>);
  return registry.register(action, { replace: true });
}
