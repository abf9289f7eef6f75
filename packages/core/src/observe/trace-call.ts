import { ProxyTracerProvider, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RunCall, RunResult, User } from '../action/types.js';

/** What a span says about a call (the pipeline's call state fits it). */
export interface TracedCall {
  readonly name: string;
  readonly callId: string;
  readonly depth: number;
  readonly user: User | undefined;
  readonly call: RunCall;
}

// A proxy tracer: it forwards to whatever SDK is registered, also one registered after this module loaded.
const tracer = trace.getTracer('@affordance/core');
// What a proxy provider answers while no SDK is registered: this API copy's no-op provider.
const NO_SDK = new ProxyTracerProvider().getDelegate();

// True while no tracing SDK is registered with this API copy, so a span could only be a no-op: skipping
// `startSpan` then saves its context lookup and span object on every call.
function untraced(): boolean {
  const provider = trace.getTracerProvider();
  return provider instanceof ProxyTracerProvider && provider.getDelegate() === NO_SDK;
}

/** Open an OpenTelemetry span for a call (a no-op unless an SDK is installed); `end` records the outcome. */
export function traceCall(state: TracedCall): { end(result: RunResult): void } | undefined {
  if (untraced()) return undefined;
  // Attributes are set only on real spans, so the no-op path allocates next to nothing.
  const span = tracer.startSpan(`affordance.run ${state.name}`);
  if (!span.isRecording()) return undefined;
  span.setAttribute('affordance.call_id', state.callId);
  span.setAttribute('affordance.depth', state.depth);
  if (state.user?.id) span.setAttribute('affordance.user_id', state.user.id);
  if (state.call.sessionId) span.setAttribute('affordance.session_id', state.call.sessionId);
  return {
    end(result) {
      span.setAttribute('affordance.action', result.name);
      span.setAttribute('affordance.outcome', result.ok ? 'ok' : result.error.code);
      if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error.message });
      span.end();
    },
  };
}
