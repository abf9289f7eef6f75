import { errorForModel } from '@affordance/core';
import { contentToText, type Message } from '@ag-ui/client';
import type { ToolCallEntry } from '../tool-calls/tool-call-entry.js';

/** The error a call ends with when its result never arrived: the run was aborted or the page reloaded. */
export const INTERRUPTED = {
  code: 'aborted',
  message: 'the call was interrupted (the run was aborted or the page reloaded) before it returned a result',
  hint: 'call it again if it is still needed',
} as const;

/** The tool calls of a stored thread, as store entries: answered calls `complete`, unanswered ones `failed`. */
export function toolCallsOf(messages: readonly Message[], at: number): ToolCallEntry[] {
  const answers = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'tool') answers.set(message.toolCallId, contentToText(message.content));
  }
  const entries: ToolCallEntry[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      const answer = answers.get(call.id);
      const base = {
        id: call.id,
        name: call.function.name,
        args: parseOr(call.function.arguments, undefined),
        argsText: call.function.arguments,
        providerExecuted: false,
        awaitingResponse: false,
        startedAt: at,
        updatedAt: at,
        finishedAt: at,
      };
      entries.push(
        answer === undefined
          ? { ...base, status: 'failed', error: INTERRUPTED, modelOutput: errorForModel(INTERRUPTED) }
          : { ...base, status: 'complete', result: parseOr(answer, answer), modelOutput: answer },
      );
    }
  }
  return entries;
}

/** The messages of `earlier` that `held` does not hold yet (by role and id: a result may share its call's id). */
export function earlierOf(earlier: readonly Message[], held: readonly Message[]): Message[] {
  const keys = new Set(held.map((message) => `${message.role}:${message.id}`));
  return earlier.filter((message) => !keys.has(`${message.role}:${message.id}`));
}

/** Ids of assistant tool calls that no `tool` message answers yet, in thread order. */
export function unansweredCalls(messages: readonly Message[]): string[] {
  const answered = new Set(
    messages.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])),
  );
  return messages.flatMap((message) =>
    message.role === 'assistant'
      ? (message.toolCalls ?? []).map((call) => call.id).filter((id) => !answered.has(id))
      : [],
  );
}

function parseOr<TFallback>(text: string, fallback: TFallback): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
