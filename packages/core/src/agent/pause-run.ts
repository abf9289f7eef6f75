import { newId } from '../util/new-id.js';
import type { AttemptRecord, CallRecord } from './agent-events.js';
import { type AgentInterrupt, APPROVAL_RESPONSE_SCHEMA } from './interrupts.js';
import type { AgentMessage, ModelToolCall, ProviderData } from './model-types.js';
import type { PausedCall, PausedRunState } from './paused-state.js';
import type { RunSetup } from './run-setup.js';

/** The paused step as the loop holds it. */
export interface PausedStep {
  readonly step: number;
  readonly text: string;
  readonly attempts: readonly AttemptRecord[];
  /** The conversation, the paused step's assistant message included. */
  readonly messages: readonly AgentMessage[];
  readonly calls: readonly CallRecord[];
  readonly doneCall?: ModelToolCall;
  readonly clientCalls: readonly ModelToolCall[];
}

/**
 * Store a paused run (its state and the interrupts it waits on) in the registry's `agentRuns` store, so
 * `resumeAgent` can continue it in this process or another; answers the interrupts.
 */
export async function pauseRun(setup: RunSetup, paused: PausedStep): Promise<AgentInterrupt[]> {
  const { registry } = setup;
  const interrupts: AgentInterrupt[] = [];
  const calls: PausedCall[] = [];
  for (const call of paused.calls) {
    if (call.status === 'pending' && call.input !== undefined) {
      const id = newId('inp');
      interrupts.push({
        id,
        reason: 'input',
        message: call.input.message,
        toolCallId: call.callId,
        name: call.name,
        args: registry.redact({ name: call.name, args: call.args }).args,
        responseSchema: call.input.responseSchema,
        key: call.input.key,
      });
      calls.push({
        ...fields(call),
        status: 'pending',
        inputId: id,
        input: call.input,
        ...(call.approvedIn ? { approvedIn: call.approvedIn } : {}),
      });
      continue;
    }
    if (call.status !== 'pending' || call.approvalId === undefined) {
      const status = call.status === 'pending' ? 'failed' : call.status;
      calls.push({ ...fields(call), status });
      continue;
    }
    // The approval holds the call as it will run: the qualified name and the validated arguments.
    const approval = await registry.approvals.get(call.approvalId);
    const name = approval?.name ?? call.name;
    const args = registry.redact({ name, args: approval?.args ?? call.args }).args;
    interrupts.push({
      id: call.approvalId,
      reason: 'approval',
      message: `Run ${name} with ${JSON.stringify(args)}?`,
      toolCallId: call.callId,
      name,
      args,
      responseSchema: APPROVAL_RESPONSE_SCHEMA,
    });
    calls.push({ ...fields(call), status: 'pending', approvalId: call.approvalId });
  }
  const state: PausedRunState = {
    version: 1,
    protocol: setup.protocol,
    step: paused.step,
    text: paused.text,
    attempts: paused.attempts,
    messages: paused.messages,
    calls,
    ...(paused.doneCall ? { doneCall: paused.doneCall } : {}),
    ...(paused.clientCalls.length > 0 ? { clientCalls: paused.clientCalls } : {}),
    interrupts,
  };
  const now = new Date().toISOString();
  await registry.store.agentRuns.create({
    runId: setup.runId,
    sessionId: setup.sessionId,
    userId: setup.options.user?.id,
    status: 'interrupted',
    interruptIds: interrupts.map((interrupt) => interrupt.id),
    state: JSON.parse(JSON.stringify(state)) as Record<string, unknown>,
    createdAt: now,
    updatedAt: now,
  });
  return interrupts;
}

function fields(call: CallRecord) {
  return { callId: call.callId, name: call.name, args: call.args, output: call.output };
}

/** The assistant message of a step: its text, every call it made and the provider data of its answer. */
export function assistantMessageOf(
  text: string,
  calls: readonly ModelToolCall[],
  providerData?: ProviderData,
): AgentMessage {
  return {
    role: 'assistant',
    content: text,
    ...(calls.length > 0
      ? {
          toolCalls: calls.map((call) => ({
            id: call.id,
            name: call.name,
            args: 'args' in call ? call.args : call.argsText,
          })),
        }
      : {}),
    ...(providerData ? { providerData } : {}),
  };
}
