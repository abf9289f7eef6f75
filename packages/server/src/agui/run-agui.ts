import { isKernelError, type Registry, runAgent, type User } from '@affordance/core';
import type { AgentEvent } from '@affordance/core/agent';
import {
  type AgentInterrupt,
  type AgentResult,
  type ConfiguredRun,
  createConversationRecorder,
  ensureSession,
  prepareClientTools,
  ResumeError,
  readPausedState,
  resumeAgent,
  titleOf,
} from '@affordance/core/agent';
import type { ChatMessage, ConversationStore } from '@affordance/core/ports';
import type { AGUIEvent } from '@affordance/core/streaming';
import type { Logger } from 'pino';
import { ServerError } from '../server-error.js';
import { createAguiTranslator } from './agui-events.js';
import { newMessagesOf, storedIdOf, toAgentMessages, withStoredProviderData } from './agui-messages.js';
import type { RunInput } from './read-run-input.js';
import type { ResolvedModel } from './resolve-model.js';
import { acceptResume, type DecisionRefusal, pausedRunOf } from './resume-agui.js';
import { withSharedState } from './shared-state.js';
import { sseResponse, sseStream } from './sse-response.js';

/** What an AG-UI run needs from the server. */
export interface AguiDeps {
  readonly registry: Registry;
  readonly conversations: ConversationStore;
  readonly model: () => Promise<ResolvedModel>;
  readonly logger: Logger;
  /** Instructions before the conversation. */
  readonly system?: string;
  /** Most model turns per run (default 20). */
  readonly maxSteps?: number;
  /** What an agent.json turns on (`configuredRun`): completion conditions, the action detector on every reply. */
  readonly agent?: ConfiguredRun;
  /** Who may approve a paused call when a run resumes (the server's approval policy); absent: its own user. */
  readonly decisionRefusal?: DecisionRefusal;
}

/**
 * Answer one AG-UI run: check the client tools and the thread's owner (typed 400/403 before any event), record
 * the messages the session does not hold yet, then stream the agent loop as AG-UI events until RUN_FINISHED
 * (client tool calls are handed over as pending; a call needing approval ends it with an `interrupt` outcome) or
 * RUN_ERROR. A run with `resume` entries continues the thread's paused run instead; a run without them on a
 * paused thread is refused. The run stops when the client goes away.
 */
export async function runAgui(
  deps: AguiDeps,
  input: RunInput,
  user: User,
  signal: AbortSignal,
): Promise<Response> {
  const { threadId, runId } = input;
  const resolved = await deps.model();
  if (!resolved.ok) {
    return sseResponse([
      { type: 'RUN_STARTED', threadId, runId },
      { type: 'RUN_ERROR', code: resolved.code, message: resolved.message },
    ]);
  }
  const { model } = resolved;
  try {
    prepareClientTools(input.tools, model.toolFormat, deps.registry);
  } catch (error) {
    if (isKernelError(error)) throw new ServerError('invalid_request', `tools: ${error.message}`);
    throw error;
  }
  const messages = toAgentMessages(input);
  const session = await ensureSession(deps.conversations, threadId, {
    userId: user.id,
    ...(titleOf(messages) ? { title: titleOf(messages) } : {}),
  });
  if (session.userId !== undefined && session.userId !== user.id) {
    throw new ServerError('forbidden', `the thread ${threadId} belongs to another user`);
  }
  const started: AGUIEvent = { type: 'RUN_STARTED', threadId, runId };
  const resume =
    input.resume.length > 0
      ? await acceptResume(deps.registry, threadId, user, input.resume, deps.decisionRefusal)
      : undefined;
  if (resume && 'type' in resume) return sseResponse([started, resume]);
  const paused = resume ? undefined : await pausedRunOf(deps.registry, threadId, user);
  if (paused) {
    // The thread waits on interrupts (a client that reloaded lost them): announce them again, record nothing.
    const state = readPausedState(paused.state);
    const summary = { status: 'interrupted', steps: state.step, sessionId: threadId };
    return sseResponse([
      started,
      { type: 'RUN_FINISHED', threadId, runId, result: summary, outcome: interruptOutcome(state.interrupts) },
    ]);
  }
  let history = messages;
  if (!resume) {
    // A resume continues the stored conversation; messages sent beside it are not added.
    const stored = await storedOf(deps.conversations, threadId, input.messages);
    for (const message of newMessagesOf(threadId, input.messages, stored)) {
      await deps.conversations.appendMessage(threadId, message);
    }
    history = withStoredProviderData(threadId, messages, input.messages, stored);
  }

  return sseStream(signal, async (send, aborted) => {
    const translator = createAguiTranslator(undefined, resume?.toolCallIds);
    send(started);
    const state = input.state ?? {};
    if (Object.keys(state).length > 0) send({ type: 'STATE_SNAPSHOT', snapshot: state });
    try {
      const loop = {
        model,
        registry: deps.registry,
        protocol: 'auto' as const,
        stream: true,
        sessionId: threadId,
        user,
        signal: aborted,
        clientTools: input.tools,
        // What the client says is data under two keys: it can neither replace `ctx.user` nor add keys of its own.
        context: { appContext: input.context, state },
        ...(deps.system ? { system: deps.system } : {}),
        ...(deps.maxSteps ? { maxSteps: deps.maxSteps } : {}),
        ...withRecordEvents(deps.agent, send),
        recorder: createConversationRecorder({
          store: deps.conversations,
          userId: user.id,
          recordInput: false,
          messageId: (message, step) => {
            const id = message.role === 'assistant' ? translator.messageIdOf(step.step) : undefined;
            return id ? storedIdOf(threadId, id) : undefined;
          },
        }),
        onEvent: (event: AgentEvent) => {
          if (event.type === 'lease-error') {
            deps.logger.warn(
              {
                threadId,
                runId,
                pausedRunId: event.pausedRunId,
                failures: event.failures,
                error: event.error,
              },
              'a resume could not renew its lease',
            );
          }
          for (const out of translator.translate(event)) send(out);
        },
      };
      const result = await withSharedState(threadId, state, send, () =>
        resume
          ? resumeAgent({ ...loop, sessionId: threadId, decisions: resume.decisions, decidedBy: user.id })
          : runAgent({ ...loop, input: history }),
      );
      const last = finalEvent(result, threadId, runId);
      if (last) send(last);
    } catch (error) {
      if (aborted.aborted) return;
      if (ResumeError.isInstance(error)) {
        send({ type: 'RUN_ERROR', code: error.code, message: error.message });
        return;
      }
      deps.logger.error({ err: error, threadId, runId }, 'agent run failed');
      send({
        type: 'RUN_ERROR',
        code: 'agent_failed',
        message: `The agent run failed: ${(error as Error).message}`,
      });
    }
  });
}

/**
 * The stored messages of the thread that the client's messages could repeat: those under their ids and those
 * holding their tool calls. A store that cannot look them up is read whole.
 */
function storedOf(
  conversations: ConversationStore,
  threadId: string,
  messages: RunInput['messages'],
): Promise<ChatMessage[]> {
  if (!conversations.findMessages) return conversations.listMessages(threadId);
  return conversations.findMessages(threadId, {
    ids: messages.map((message) => storedIdOf(threadId, message.id)),
    toolCallIds: messages.flatMap((message) =>
      message.role === 'tool'
        ? [message.toolCallId]
        : message.role === 'assistant'
          ? message.toolCalls.map((call) => call.id)
          : [],
    ),
  });
}

/** The event that ends a run, by how the loop ended (none when the client went away). */
function finalEvent(result: AgentResult, threadId: string, runId: string): AGUIEvent | undefined {
  const summary = {
    status: result.status,
    steps: result.steps,
    sessionId: result.sessionId,
    // A run with an `output` schema: the validated final answer (`HttpAgent.runAgent()` returns it as `result`).
    ...(result.output !== undefined ? { output: result.output } : {}),
  };
  switch (result.status) {
    case 'done':
    case 'stopped':
      return { type: 'RUN_FINISHED', threadId, runId, result: summary, outcome: { type: 'success' } };
    case 'awaiting_client':
      return {
        type: 'RUN_FINISHED',
        threadId,
        runId,
        result: summary,
        outcome: { type: 'success', pendingToolCallIds: (result.clientCalls ?? []).map((call) => call.id) },
      };
    case 'max_steps':
      return {
        type: 'RUN_ERROR',
        code: 'max_steps',
        message: `The agent used all of its ${result.steps} steps without finishing.`,
      };
    case 'output_failed':
      return {
        type: 'RUN_ERROR',
        code: 'output_failed',
        message: `The agent finished without a valid final answer: ${result.outputError ?? ''}`,
      };
    case 'completion_failed':
      return {
        type: 'RUN_ERROR',
        code: 'completion_failed',
        message: `The agent finished, but completion conditions failed: ${result.failedConditions.join(', ')}.`,
      };
    case 'interrupted':
      return {
        type: 'RUN_FINISHED',
        threadId,
        runId,
        result: summary,
        outcome: interruptOutcome(result.interrupts ?? []),
      };
    case 'aborted':
      return undefined;
    default: {
      const never: never = result.status;
      return never;
    }
  }
}

/** The name of the CUSTOM event carrying the records detected in a model reply (`{ step, results }`). */
export const ACTIONS_DETECTED_EVENT = 'affordance.actions-detected';

/** A configured run whose reply hook also streams each reply's detected records as a CUSTOM event. */
function withRecordEvents(
  agent: ConfiguredRun | undefined,
  send: (event: AGUIEvent) => void,
): ConfiguredRun | undefined {
  const inner = agent?.onModelReply;
  if (!agent || !inner) return agent;
  return {
    ...agent,
    onModelReply: async (reply) => {
      const outcome = await inner(reply);
      if (outcome?.results && outcome.results.length > 0)
        send({
          type: 'CUSTOM',
          name: ACTIONS_DETECTED_EVENT,
          value: { step: reply.step, results: outcome.results },
        });
      return outcome;
    },
  };
}

/** The AG-UI outcome of a paused run: its interrupts, with the action and its arguments as metadata. */
function interruptOutcome(interrupts: readonly AgentInterrupt[]) {
  return {
    type: 'interrupt' as const,
    interrupts: interrupts.map((interrupt) => ({
      id: interrupt.id,
      reason: interrupt.reason,
      message: interrupt.message,
      toolCallId: interrupt.toolCallId,
      responseSchema: interrupt.responseSchema as Record<string, unknown>,
      metadata: { action: interrupt.name, args: interrupt.args },
    })),
  };
}
