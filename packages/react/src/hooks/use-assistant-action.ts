import { type FrontendActionOptions, registerFrontendAction } from '@affordance/client';
import type { ActionInput, SchemaLike } from '@affordance/core';
import { useEffect, useRef } from 'react';
import { useAffordance } from '../affordance-context.js';
import type { ToolCallRender } from '../render-props.js';

/** An action as a component declares it; `parameters` is a JSON Schema literal or a Standard Schema (zod v4 …). */
export interface AssistantActionOptions<TSchema extends SchemaLike | undefined, TResult>
  extends FrontendActionOptions<TSchema, TResult, ToolCallRender<ActionInput<TSchema>>> {
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `name` or `deps` re-registers the action
  useEffect(() => {
    if (!enabled) return;
    return registerFrontendAction<ToolCallRender>({
      registry,
      store,
      renderers,
      read: () => {
        const { enabled: _enabled, deps: _deps, ...action } = latest.current;
        return action as FrontendActionOptions<SchemaLike | undefined, unknown, ToolCallRender>;
      },
    });
  }, [registry, store, renderers, name, enabled, ...deps]);
}
