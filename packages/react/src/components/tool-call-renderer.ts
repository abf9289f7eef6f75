import { approvalIdOf } from '@affordance/client';
import { createElement, type FunctionComponent, type ReactNode, useSyncExternalStore } from 'react';
import { useAffordance } from '../affordance-context.js';
import { useToolCall } from '../hooks/use-tool-calls.js';
import type { RenderProps, ToolCallRender } from '../render-props.js';
import { ApprovalControl } from './approval-control.js';

/**
 * Render one tool call with its action's `render`, else the wildcard `'*'` renderer, else an approve / deny
 * control when the call waits for approval, else nothing.
 */
export function ToolCallRenderer({ id }: { readonly id: string }): ReactNode {
  const { registry, renderers, store } = useAffordance();
  const call = useToolCall(id);
  useSyncExternalStore(
    (listener) => registry.on('change', listener),
    () => registry.version,
    () => registry.version,
  );
  useSyncExternalStore(renderers.subscribe, renderers.getVersion, renderers.getVersion);
  if (!call) return null;
  const render =
    (registry.get(call.name)?.render as ToolCallRender | undefined) ?? renderers.resolve(call.name);
  if (!render) {
    const approvalId = approvalIdOf(call);
    return approvalId ? createElement(ApprovalControl, { approvalId, label: call.name }) : null;
  }
  // Rendered as a component (not called), so a render function may use hooks of its own.
  return createElement(render as FunctionComponent<RenderProps>, {
    status: call.status,
    args: call.args as Record<string, unknown> | undefined,
    result: call.result,
    error: call.error,
    respond: call.awaitingResponse ? (value) => store.respond(id, value) : undefined,
    call,
  });
}
