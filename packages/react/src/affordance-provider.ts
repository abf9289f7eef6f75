import {
  type AgentContext,
  createAgentContext,
  createRendererRegistry,
  createToolCallStore,
  executeAction,
  type ToolCallStore,
} from '@affordance/client';
import { createRegistry, type Registry, type User } from '@affordance/core';
import { createElement, type ReactNode, useMemo, useState } from 'react';
import { AffordanceContext, type AffordanceContextValue } from './affordance-context.js';
import type { ToolCallRender } from './render-props.js';

/** Props of `AffordanceProvider`; everything is optional. */
export interface AffordanceProviderProps {
  /** A client-side registry (default: a new empty `createRegistry()`), so the same pipeline runs in the browser. */
  readonly registry?: Registry;
  readonly store?: ToolCallStore;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly approvalsUrl?: string;
  /** The app-context registry (default: a new one) that `useAgentContext` fills and `useAgentChat` sends. */
  readonly agentContext?: AgentContext;
  /** Replace how hooks and components run actions (tests pass a spy; see `@affordance/react/testing`). */
  readonly executeAction?: AffordanceContextValue['executeAction'];
  readonly children?: ReactNode;
}

/** Holds the client-side registry and the tool-call store for every hook and component below it. */
export function AffordanceProvider(props: AffordanceProviderProps): ReactNode {
  const [registry] = useState(() => props.registry ?? createRegistry());
  const [store] = useState(() => props.store ?? createToolCallStore());
  const [renderers] = useState(() => createRendererRegistry<ToolCallRender>());
  const [agentContext] = useState(() => props.agentContext ?? createAgentContext());
  const { user, context, approvalsUrl = '/api/approvals', executeAction: override } = props;
  const value = useMemo<AffordanceContextValue>(
    () => ({
      registry,
      store,
      renderers,
      user,
      context,
      agentContext,
      approvalsUrl,
      executeAction:
        override ??
        ((name, args, options = {}) =>
          executeAction({ registry, store, name, args, user, context, ...options })),
    }),
    [registry, store, renderers, user, context, agentContext, approvalsUrl, override],
  );
  return createElement(AffordanceContext.Provider, { value }, props.children);
}
