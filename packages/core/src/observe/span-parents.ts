import type { Span } from '@opentelemetry/api';

// The open spans a registry call can be a child of: an agent's tool-call span (by session and the model's call
// id) and each traced registry call (by its pipeline call id, for nested `ctx.run` calls). Looked up by id rather
// than through the active context, so the parents hold without a context manager (browsers, workers).
const toolCallSpans = new Map<string, Span>();
const callSpans = new Map<string, Span>();

const toolKey = (sessionId: string, toolCallId: string) => `${sessionId}\u0000${toolCallId}`;

/** Note an agent's open tool-call span; the returned function forgets it. */
export function openToolCallSpan(sessionId: string, toolCallId: string, span: Span): () => void {
  const key = toolKey(sessionId, toolCallId);
  toolCallSpans.set(key, span);
  return () => {
    if (toolCallSpans.get(key) === span) toolCallSpans.delete(key);
  };
}

/** Note a traced registry call's open span; the returned function forgets it. */
export function openCallSpan(callId: string, span: Span): () => void {
  callSpans.set(callId, span);
  return () => {
    callSpans.delete(callId);
  };
}

/** The span a registry call is a child of: its parent call's, else the agent tool call that made it. */
export function parentSpanOf(call: {
  readonly parentCallId: string | undefined;
  readonly toolCallId: string | undefined;
  readonly call: { readonly sessionId?: string | undefined };
}): Span | undefined {
  if (call.parentCallId !== undefined) return callSpans.get(call.parentCallId);
  if (call.toolCallId !== undefined && call.call.sessionId !== undefined) {
    return toolCallSpans.get(toolKey(call.call.sessionId, call.toolCallId));
  }
  return undefined;
}
