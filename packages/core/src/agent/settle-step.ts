import type { AgentStatus, CallRecord, ConditionResult } from './agent-events.js';
import {
  type CompletionContext,
  completionFeedback,
  type resolveCompletion,
  runChecks,
} from './completion.js';
import type { ReadTurn } from './model-turn.js';
import type { AgentMessage, ModelResponse, ModelToolCall, ToolResultRecord } from './model-types.js';

/** Everything needed to close a step once its calls have run. */
export interface SettleInput {
  readonly protocol: 'native' | 'text';
  readonly response: ModelResponse;
  readonly read: ReadTurn;
  readonly calls: readonly CallRecord[];
  /** Calls handed to the client: they join the assistant message, and the run waits for their results. */
  readonly clientCalls?: readonly ModelToolCall[];
  readonly completion: ReturnType<typeof resolveCompletion>;
  /** The number this attempt would have if the completion conditions are checked. */
  readonly attempt: number;
  readonly context: Omit<CompletionContext, 'condition' | 'attempt'>;
  /** Why the final answer was refused (an `output` run): the step does not finish, and the model is told. */
  readonly refused?: string;
}

/** How a step closes: the messages it adds, the completion attempt it made, and the run's status if it ends. */
export interface SettledStep {
  readonly messages: readonly AgentMessage[];
  readonly attempt?: {
    readonly attempt: number;
    readonly ok: boolean;
    readonly conditions: readonly ConditionResult[];
  };
  readonly status: AgentStatus | undefined;
  readonly aborted: boolean;
}

/**
 * Close a step: when the model is done (a `done` call, or an answer without calls) check the completion
 * conditions, and build the messages that answer every call the model made (so the record stays consistent).
 */
export async function settleStep(input: SettleInput): Promise<SettledStep> {
  const { read, calls, completion, context } = input;
  const clientCalls = input.clientCalls ?? [];
  const awaiting = clientCalls.length > 0;
  const { refused } = input;
  const finished =
    !awaiting &&
    refused === undefined &&
    (read.doneCall !== undefined || (read.calls.length === 0 && read.problems.length === 0));
  let aborted = context.signal.aborted;
  let status: AgentStatus | undefined = awaiting && !aborted ? 'awaiting_client' : undefined;
  let attempt: SettledStep['attempt'];
  let feedback: string | undefined;
  if (!aborted && finished) {
    if (completion.checks.length === 0) {
      status = 'done';
    } else {
      const conditions = await runChecks(completion.checks, { ...context, attempt: input.attempt });
      aborted = context.signal.aborted;
      const ok = conditions.every((item) => item.ok);
      attempt = { attempt: input.attempt, ok, conditions };
      const { onFailure } = completion;
      if (ok) status = 'done';
      else if (onFailure.action === 'retry' && input.attempt < onFailure.maxAttempts) {
        feedback = completionFeedback(conditions, input.attempt, onFailure.maxAttempts);
      } else status = 'completion_failed';
    }
  }
  const messages: AgentMessage[] = [];
  const toolCalls = [...read.calls, ...clientCalls, ...(read.doneCall ? [read.doneCall] : [])];
  const { providerData } = input.response;
  messages.push({
    role: 'assistant',
    content: input.response.text,
    ...(toolCalls.length > 0 ? { toolCalls: toolCalls.map(recordOf) } : {}),
    ...(providerData ? { providerData } : {}),
  });
  const results: ToolResultRecord[] = calls.map((call) => ({
    toolCallId: call.callId,
    name: call.name,
    ok: call.status === 'ok',
    output: call.output,
  }));
  if (read.doneCall) {
    const output = awaiting
      ? 'Not done yet: the client is running your other tool calls.'
      : (refused ?? feedback ?? (aborted ? 'The run was aborted.' : doneOutput(attempt)));
    results.push({
      toolCallId: read.doneCall.id,
      name: read.doneCall.name,
      ok: !awaiting && refused === undefined && feedback === undefined && attempt?.ok !== false,
      output,
    });
  }
  if (results.length > 0) messages.push({ role: 'tool', content: '', toolResults: results });
  if (!aborted && !read.doneCall && feedback) messages.push({ role: 'user', content: feedback });
  if (!aborted && !read.doneCall && refused !== undefined) messages.push({ role: 'user', content: refused });
  if (!aborted && read.calls.length === 0 && !read.doneCall && read.problems.length > 0) {
    messages.push({
      role: 'user',
      content: `Your answer could not be read as an action:\n${read.problems.map((problem) => `- ${problem}`).join('\n')}\nAnswer again, following the response format.`,
    });
  }
  return attempt ? { messages, attempt, status, aborted } : { messages, status, aborted };
}

function doneOutput(attempt: SettledStep['attempt']): string {
  if (!attempt) return 'Done.';
  return attempt.ok ? 'Done: every completion condition passed.' : 'Done, but completion conditions failed.';
}

function recordOf(call: ModelToolCall) {
  return { id: call.id, name: call.name, args: 'args' in call ? call.args : call.argsText };
}
