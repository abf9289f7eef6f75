import {
  type AgentChat,
  type AgentChatSnapshot,
  createAgentChat,
  type JsonObject,
  type SharedStateStore,
} from '@affordance/client';
import type { AbstractAgent, HttpAgentFetchFn, Message } from '@ag-ui/client';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAffordance } from '../affordance-context.js';

/** Options of `useAgentChat`; read once, when the component mounts. */
export interface UseAgentChatOptions {
  /** The AG-UI endpoint. */
  readonly url?: string;
  /** A ready agent instead of `url` (any `@ag-ui/client` agent). */
  readonly agent?: AbstractAgent;
  readonly headers?: Record<string, string>;
  readonly fetch?: HttpAgentFetchFn;
  readonly threadId?: string;
  /** Automatic follow-up runs after frontend tool results, per message sent (default 5). */
  readonly maxFollowUps?: number;
  /** A stored thread to continue; calls it left unanswered end as `failed`. */
  readonly messages?: readonly Message[];
  /** The state shared with the agent: a store, or the starting state (read it with `useAgentState(chat)`). */
  readonly state?: SharedStateStore | JsonObject;
}

/** What `useAgentChat` returns: the chat's snapshot and its commands. */
export interface UseAgentChatResult extends AgentChatSnapshot {
  readonly send: AgentChat['send'];
  readonly resume: AgentChat['resume'];
  readonly abort: AgentChat['abort'];
  readonly restore: AgentChat['restore'];
  readonly prepend: AgentChat['prepend'];
  /** Answer one interrupt (`interrupts`); the run resumes once all have an answer. */
  readonly decide: AgentChat['decide'];
  readonly cancelInterrupts: AgentChat['cancelInterrupts'];
  readonly chat: AgentChat;
}

/**
 * Chat with an AG-UI agent: sends the provider's frontend actions as tools, runs their calls through the client
 * registry (validated first) and sends the results back so the run continues; a run paused on approvals exposes
 * them as `interrupts` (render each with `InterruptCard`) and resumes once each is decided; aborts on unmount. Every
 * run sends the provider's app context (`useAgentContext`) and the shared state (`useAgentState`).
 */
export function useAgentChat(options: UseAgentChatOptions): UseAgentChatResult {
  const { registry, store, user, context, agentContext } = useAffordance();
  const [chat] = useState(() =>
    createAgentChat({
      ...options,
      registry,
      store,
      appContext: agentContext,
      ...(user ? { user } : {}),
      ...(context ? { context } : {}),
    }),
  );
  useEffect(() => () => chat.abort('the chat was closed'), [chat]);
  const snapshot = useSyncExternalStore(chat.subscribe, chat.getSnapshot, chat.getSnapshot);
  return {
    ...snapshot,
    send: chat.send,
    resume: chat.resume,
    abort: chat.abort,
    restore: chat.restore,
    prepend: chat.prepend,
    decide: chat.decide,
    cancelInterrupts: chat.cancelInterrupts,
    chat,
  };
}
