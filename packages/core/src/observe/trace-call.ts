import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { RunResult } from '../action/types.js';
import type { CallState } from '../pipeline/call-state.js';

const tracer = trace.getTracer('@affordance/core');

/** Open an OpenTelemetry span for a call (a no-op unless an SDK is installed); `end` records the outcome. */
export function traceCall(state: CallState): { end(result: RunResult): void } | undefined {
  const span = tracer.startSpan(`affordance.run ${state.name}`, {
    attributes: {
      'affordance.call_id': state.callId,
      'affordance.depth': state.depth,
      ...(state.user?.id ? { 'affordance.user_id': state.user.id } : {}),
      ...(state.call.sessionId ? { 'affordance.session_id': state.call.sessionId } : {}),
    },
  });
  if (!span.isRecording()) return undefined;
  return {
    end(result) {
      span.setAttribute('affordance.action', result.name);
      span.setAttribute('affordance.outcome', result.ok ? 'ok' : result.error.code);
      if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error.message });
      span.end();
    },
  };
}
