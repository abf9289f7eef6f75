import {
  type ActionContext,
  type ActionDefinition,
  type ActionInput,
  defineAction,
  type SchemaLike,
} from '@affordance/core';
import { useEffect, useRef } from 'react';
import { useAffordance } from '../affordance-context.js';
import type { ToolCallRender } from '../render-props.js';

/** An action as a component declares it; `parameters` is a JSON Schema literal or a Standard Schema (zod v4 …). */
export interface AssistantActionOptions<TSchema extends SchemaLike | undefined, TResult>
  extends Omit<ActionDefinition<TSchema, TResult>, 'input' | 'handler' | 'render' | 'available'> {
  readonly parameters?: TSchema;
  /** Runs after the arguments passed validation; omit it (with a `render`) to wait for the person's `respond`. */
  readonly handler?: (args: ActionInput<TSchema>, ctx: ActionContext) => TResult | Promise<TResult>;
  readonly render?: ToolCallRender<ActionInput<TSchema>>;
  /** `disabled`: render-only, never offered to the model. */
  readonly available?: 'enabled' | 'disabled';
  /** `false` leaves the action unregistered. */
  readonly enabled?: boolean;
  /** Values whose change re-registers the action (the handler and render are always the latest anyway). */
  readonly deps?: readonly unknown[];
}

/**
 * Register an action with the provider's registry while the component is mounted (and `enabled`), re-register it
 * when `name`, `enabled` or `deps` change; the name `'*'` registers a wildcard renderer instead of an action.
 */
export function useAssistantAction<
  const TSchema extends SchemaLike | undefined = undefined,
  TResult = unknown,
>(options: AssistantActionOptions<TSchema, TResult>): void {
  const { registry, store, renderers } = useAffordance();
  const latest = useRef(options);
  latest.current = options;
  const { name, enabled = true, deps = [] } = options;

  useEffect(() => {
    if (!enabled) return;
    const current = latest.current;
    if (name === '*') {
      if (!current.render) throw new Error("useAssistantAction: the wildcard '*' needs a render function");
      return renderers.set('*', (props) => latest.current.render?.(props as never));
    }
    const { parameters, handler, render, enabled: _enabled, deps: _deps, ...rest } = current;
    const waitsForPerson = !handler && render !== undefined && current.available !== 'disabled';
    const action = defineAction({
      ...rest,
      ...(parameters ? { input: parameters } : {}),
      render: (props: never) => latest.current.render?.(props),
      ...(handler
        ? { handler: (args: never, ctx: ActionContext) => latest.current.handler!(args, ctx) }
        : waitsForPerson
          ? {
              handler: (_args: never, ctx: ActionContext) =>
                store.awaitResponse(ctx.toolCallId ?? ctx.callId, ctx.signal),
            }
          : {}),
    } as ActionDefinition<SchemaLike | undefined, unknown>);
    return registry.register(action, { replace: true });
  }, [registry, store, renderers, name, enabled, ...deps]);
}
