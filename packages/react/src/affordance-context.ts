import type { AgentContext, RendererRegistry, ToolCallStore } from '@affordance/client';
import type { Registry, RunResult, User } from '@affordance/core';
import { createContext, useContext } from 'react';
import type { ToolCallRender } from './render-props.js';

/** Everything the provider shares with hooks and components. */
export interface AffordanceContextValue {
  readonly registry: Registry;
  readonly store: ToolCallStore;
  readonly renderers: RendererRegistry<ToolCallRender>;
  readonly user: User | undefined;
  readonly context: Record<string, unknown> | undefined;
  /** The app state the model reads (`useAgentContext` adds to it; `useAgentChat` sends it with every run). */
  readonly agentContext: AgentContext;
  /** Base URL of the approvals API (`POST {approvalsUrl}/:id`); default `/api/approvals`. */
  readonly approvalsUrl: string;
  /** Validate and run an action through the registry, tracking it in the store. */
  executeAction(
    name: string,
    args: unknown,
    options?: { readonly callId?: string; readonly signal?: AbortSignal },
  ): Promise<RunResult>;
}

/** The React context behind `AffordanceProvider`. */
export const AffordanceContext = createContext<AffordanceContextValue | undefined>(undefined);

/** The provider's value; throws a clear error outside an `AffordanceProvider`. */
export function useAffordance(): AffordanceContextValue {
  const value = useContext(AffordanceContext);
  if (!value) throw new Error('useAffordance: wrap this component in <AffordanceProvider>');
  return value;
}
