import { errorForModel, type Registry, type RunResult, type User } from '@affordance/core';
import { agUiFormat } from '@affordance/core/formats';
import {
  type AbstractAgent,
  HttpAgent,
  type HttpAgentFetchFn,
  type Interrupt,
  type Message,
  type ResumeEntry,
  type Tool,
} from '@ag-ui/client';
import { type AgentContext, createAgentContext } from '../agent-context/create-agent-context.js';
import { createToolCallAssembler, type ToolCallPart } from '../core-streaming.js';
import { createListeners } from '../listeners.js';
import {
  createSharedState,
  type JsonObject,
  SharedStateError,
  type SharedStateStore,
} from '../shared-state/create-shared-state.js';
import type { ToolCallStore } from '../tool-calls/create-tool-call-store.js';
import { executeAction } from '../tool-calls/execute-action.js';
import { applyProgress } from './apply-progress.js';
import { earlierOf, INTERRUPTED, toolCallsOf, unansweredCalls } from './restore-tool-calls.js';

/** Options of `createAgentChat`: an endpoint (or an agent), the client registry and the tool-call store. */
export interface AgentChatOptions {
  /** The AG-UI endpoint; ignored when `agent` is given. */
  readonly url?: string;
  readonly agent?: AbstractAgent;
  readonly headers?: Record<string, string>;
  readonly fetch?: HttpAgentFetchFn;
  readonly threadId?: string;
  readonly registry: Registry;
  readonly store: ToolCallStore;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  /** Automatic follow-up runs after frontend tool results, per message sent (default 5). */
  readonly maxFollowUps?: number;
  /** A stored thread to continue (see `restore`). */
  readonly messages?: readonly Message[];
  /** The app state the model reads, sent as AG-UI `context` with every run (default: a new, empty one). */
  readonly appContext?: AgentContext;
  /** The state shared with the agent (a store, or the starting state of a new one; default `{}`). */
  readonly state?: SharedStateStore | JsonObject;
}

/** What a chat shows: the thread, whether a run is going on, and the last error. */
export interface AgentChatSnapshot {
  readonly messages: readonly Message[];
  readonly status: 'idle' | 'running' | 'error';
  readonly error: string | undefined;
  readonly threadId: string;
  /** What the paused run waits for (AG-UI interrupts, e.g. approvals), with the decisions made so far. */
  readonly interrupts: readonly PendingInterrupt[];
}

/** An interrupt of the paused run and the decision already taken on it, if any. */
export interface PendingInterrupt extends Interrupt {
  readonly decision?: InterruptDecision;
}

/**
 * A person's answer to an interrupt: for an approval, approve (optionally with edited arguments) or deny; for an
 * input interrupt (`reason: 'input'`), `{ answer }`, sent as the resume payload (checked against its
 * `responseSchema` by the server).
 */
export type InterruptDecision =
  | {
      readonly approved: boolean;
      readonly editedArgs?: Record<string, unknown>;
      readonly reason?: string;
    }
  | { readonly answer: unknown };

/** A chat with an AG-UI agent whose frontend tool calls run through the client registry. */
export interface AgentChat {
  /** Add a user message and run until the agent stops calling frontend tools (or the follow-up limit). */
  send(text: string): Promise<void>;
  /** Run again with the thread as it is (after an error, or to deliver results kept at the follow-up limit). */
  resume(): Promise<void>;
  /**
   * Answer one interrupt of the paused run; once every interrupt has an answer, the run resumes with them (AG-UI
   * `resume`) and the calls' results arrive once. Answers the run's end when it resumed, else at once.
   */
  decide(interruptId: string, decision: InterruptDecision): Promise<void>;
  /** Abandon the paused run: its calls are not run, and the thread can take a new message. */
  cancelInterrupts(): Promise<void>;
  /** Stop the run; unfinished calls end as `failed` (`aborted`), never stuck `pending`. */
  abort(reason?: string): void;
  /** Replace the thread with stored messages; calls without a result end as `failed` and are answered as such. */
  restore(messages: readonly Message[]): void;
  /** Put earlier stored messages (`ThreadList.loadOlder()`) before the thread; ones it holds are skipped. */
  prepend(messages: readonly Message[]): void;
  getSnapshot(): AgentChatSnapshot;
  subscribe(listener: () => void): () => void;
  readonly agent: AbstractAgent;
  /** The app state every run sends as AG-UI `context`. */
  readonly appContext: AgentContext;
  /** The state shared with the agent: sent with every run, changed by its STATE_SNAPSHOT / STATE_DELTA. */
  readonly state: SharedStateStore;
}

/** Create a framework-free AG-UI chat; `useAgentChat` is its React binding. */
export function createAgentChat(options: AgentChatOptions): AgentChat {
  const { registry, store } = options;
  const maxFollowUps = options.maxFollowUps ?? 5;
  const agent =
    options.agent ??
    new HttpAgent({
      url: requireUrl(options.url),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.threadId ? { threadId: options.threadId } : {}),
    });
  const appContext = options.appContext ?? createAgentContext();
  const state = isStore(options.state) ? options.state : createSharedState(options.state);
  const listeners = createListeners();
  const sent = new Set<string>();
  let status: AgentChatSnapshot['status'] = 'idle';
  let error: string | undefined;
  let snapshot: AgentChatSnapshot;
  let controller: AbortController | undefined;
  const decisions = new Map<string, InterruptDecision>();
  let lastErrorCode: string | undefined;

  const publish = () => {
    const interrupts = agent.pendingInterrupts.map((interrupt): PendingInterrupt => {
      const decision = decisions.get(interrupt.id);
      return decision ? { ...interrupt, decision } : interrupt;
    });
    snapshot = { messages: [...agent.messages], status, error, threadId: agent.threadId, interrupts };
    listeners.notify();
  };
  const answered = () =>
    new Set(agent.messages.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])));
  /** Add the tool message of a call unless one was already sent or the agent answered it itself. */
  const answer = (toolCallId: string, content: string): boolean => {
    if (sent.has(toolCallId) || answered().has(toolCallId)) return false;
    sent.add(toolCallId);
    agent.addMessage({ id: crypto.randomUUID(), role: 'tool', toolCallId, content });
    return true;
  };
  // A paused run takes no new message until its interrupts are answered (the server would refuse it too).
  const waitingOn = (what: string) => {
    if (agent.pendingInterrupts.length > 0) {
      throw new Error(
        `cannot ${what}: the run waits on ${agent.pendingInterrupts.length} interrupt(s); decide() them or cancelInterrupts()`,
      );
    }
  };
  // Tool messages this chat made up for calls whose result never came (ids), so a re-announced interrupt can take
  // them back.
  const madeUp = new Set<string>();
  const closeUnanswered = () => {
    for (const id of unansweredCalls(agent.messages)) {
      store.fail(id, INTERRUPTED);
      if (answer(id, store.get(id)?.modelOutput ?? errorForModel(INTERRUPTED))) {
        const added = agent.messages.at(-1);
        if (added) madeUp.add(added.id);
      }
    }
  };
  // After a reload the chat no longer knows the paused run; the server announces its interrupts again instead of
  // running. Take back what this chat added for them (the message just sent, made-up results), so each call's real
  // result shows once when it is decided.
  const takeBack = (messageId: string, before: ReadonlySet<string>): boolean => {
    const pending = agent.pendingInterrupts;
    if (pending.length === 0 || !pending.every((item) => item.toolCallId && before.has(item.toolCallId)))
      return false;
    const calls = new Set(pending.map((item) => item.toolCallId));
    agent.setMessages(
      agent.messages.filter(
        (message) =>
          message.id !== messageId &&
          !(message.role === 'tool' && calls.has(message.toolCallId) && madeUp.has(message.id)),
      ),
    );
    for (const id of calls) if (id) sent.delete(id);
    return true;
  };

  const runOnce = async (signal: AbortSignal, resume?: ResumeEntry[]): Promise<RunResult[]> => {
    const executions: Promise<RunResult>[] = [];
    const onPart = (part: ToolCallPart) => {
      store.apply(part);
      if (part.type !== 'tool-call' || part.providerExecuted) return;
      const action = registry.get(part.name);
      if (!action || action.available === 'disabled') return;
      executions.push(
        executeAction({
          registry,
          store,
          name: part.name,
          args: part.input,
          callId: part.id,
          signal,
          user: options.user,
          context: options.context,
        }),
      );
    };
    const assembler = createToolCallAssembler({ format: 'ag-ui', onPart });
    const onAbort = () => assembler.abort(String(signal.reason ?? 'the run was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    // A RUN_ERROR event ends the run without an exception from `runAgent`: remember it and fail the run with it.
    let runError: string | undefined;
    lastErrorCode = undefined;
    // The store is what the chat shares; the agent sends its `state`, so it starts each run from the store.
    agent.setState(state.get());
    // A refused snapshot or delta fails the run; later state events of the run are not applied on top of it.
    let stateRefused = false;
    const applyState = (change: () => void) => {
      if (stateRefused) return;
      try {
        change();
      } catch (thrown) {
        if (!(thrown instanceof SharedStateError)) throw thrown;
        stateRefused = true;
        runError ??= `shared state: ${thrown.message} (${thrown.code})`;
      }
    };
    try {
      await agent.runAgent(
        {
          context: appContext.toAgui(),
          tools: registry.tools({
            format: agUiFormat,
            user: options.user,
            context: options.context,
          }) as Tool[],
          ...(resume ? { resume } : {}),
        },
        {
          onEvent: ({ event }) => void assembler.push(event),
          onActivitySnapshotEvent: ({ event }) => applyProgress(store, event),
          onStateSnapshotEvent: ({ event }) => applyState(() => state.applySnapshot(event.snapshot)),
          onStateDeltaEvent: ({ event }) => applyState(() => state.applyDelta(event.delta)),
          onRunErrorEvent: ({ event }) => {
            lastErrorCode = event.code;
            runError = event.code ? `${event.message} (${event.code})` : event.message;
          },
          onMessagesChanged: publish,
        },
      );
      if (signal.aborted) return [];
      if (runError !== undefined) throw new Error(runError);
      await assembler.end();
      return await Promise.all(executions);
    } catch (thrown) {
      assembler.abort((thrown as Error)?.message ?? String(thrown));
      throw thrown;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };

  const run = async (resume?: ResumeEntry[]) => {
    if (status === 'running') throw new Error('a run is in progress: wait for it or call abort() first');
    controller = new AbortController();
    const { signal } = controller;
    status = 'running';
    error = undefined;
    publish();
    try {
      for (let round = 0; ; round++) {
        const results = await runOnce(signal, round === 0 ? resume : undefined);
        if (signal.aborted) break;
        const fresh = results.filter((result) =>
          answer(result.toolCallId ?? result.callId, result.modelOutput),
        );
        if (fresh.length === 0) break;
        if (round + 1 > maxFollowUps) {
          error = `stopped after ${maxFollowUps} follow-up runs in a row: the agent kept calling frontend tools (last: ${fresh.map((result) => result.name).join(', ')}); their results are kept in the thread, call resume() or send a message to continue`;
          break;
        }
      }
      status = error ? 'error' : 'idle';
    } catch (thrown) {
      status = 'error';
      error = (thrown as Error)?.message ?? String(thrown);
    } finally {
      if (signal.aborted) {
        store.failUnfinished({
          code: 'aborted',
          message: `the run was aborted: ${String(signal.reason ?? 'by the user')}`,
        });
        status = 'idle';
      }
      controller = undefined;
      publish();
    }
  };

  const chat: AgentChat = {
    agent,
    appContext,
    state,
    async send(text) {
      if (status === 'running') throw new Error('a run is in progress: wait for it or call abort() first');
      waitingOn('send a message');
      closeUnanswered();
      const before = new Set(toolCallsOf(agent.messages, 0).map((call) => call.id));
      const id = crypto.randomUUID();
      agent.addMessage({ id, role: 'user', content: text });
      await run();
      if (takeBack(id, before)) {
        status = 'error';
        error =
          'the thread waits on approvals from an earlier run: decide them (or cancelInterrupts()), then send again';
        publish();
      }
    },
    async resume() {
      waitingOn('resume');
      closeUnanswered();
      await run();
    },
    async decide(interruptId, decision) {
      if (!agent.pendingInterrupts.some((interrupt) => interrupt.id === interruptId)) {
        throw new Error(`the run does not wait on an interrupt ${interruptId}`);
      }
      decisions.set(interruptId, decision);
      publish();
      if (agent.pendingInterrupts.some((interrupt) => !decisions.has(interrupt.id))) return;
      const resume = agent.pendingInterrupts.map(
        (interrupt): ResumeEntry => ({
          interruptId: interrupt.id,
          status: 'resolved',
          payload: payloadOf(decisions.get(interrupt.id)!),
        }),
      );
      decisions.clear();
      await run(resume);
    },
    async cancelInterrupts() {
      const resume = agent.pendingInterrupts.map(
        (interrupt): ResumeEntry => ({ interruptId: interrupt.id, status: 'cancelled' }),
      );
      if (resume.length === 0) return;
      decisions.clear();
      await run(resume);
      // The server ends a cancelling run with RUN_ERROR `cancelled`: for this chat that is the expected answer.
      if (lastErrorCode === 'cancelled') {
        agent.pendingInterrupts = [];
        status = 'idle';
        error = undefined;
        publish();
      }
    },
    abort(reason = 'aborted by the user') {
      if (!controller) return;
      agent.abortRun();
      controller.abort(reason);
    },
    restore(messages) {
      if (status === 'running') throw new Error('cannot restore a thread while a run is in progress');
      agent.setMessages([...messages]);
      store.restore(toolCallsOf(messages, Date.now()));
      sent.clear();
      for (const message of messages) if (message.role === 'tool') sent.add(message.toolCallId);
      closeUnanswered();
      publish();
    },
    prepend(messages) {
      if (status === 'running') throw new Error('cannot add earlier messages while a run is in progress');
      const earlier = earlierOf(messages, agent.messages);
      if (earlier.length === 0) return;
      agent.setMessages([...earlier, ...agent.messages]);
      store.restore(toolCallsOf(agent.messages, Date.now()).filter((entry) => !store.get(entry.id)));
      for (const message of earlier) if (message.role === 'tool') sent.add(message.toolCallId);
      publish();
    },
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
  };
  if (options.messages) chat.restore(options.messages);
  else publish();
  return chat;
}

function isStore(value: SharedStateStore | JsonObject | undefined): value is SharedStateStore {
  return typeof value?.applyDelta === 'function' && typeof value.subscribe === 'function';
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('createAgentChat needs the AG-UI endpoint `url` (or an `agent`)');
  return url;
}

/** The resume payload of a decision: an input interrupt's answer itself, an approval's decision as it is. */
function payloadOf(decision: InterruptDecision): unknown {
  return 'answer' in decision ? decision.answer : decision;
}
