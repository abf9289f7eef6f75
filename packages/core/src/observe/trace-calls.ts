import { context, ProxyTracerProvider, SpanStatusCode, trace } from '@opentelemetry/api';
import type { CallObserver } from './call-observer.js';
import { openCallSpan, parentSpanOf } from './span-parents.js';

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

/**
 * An observer opening one OpenTelemetry span per call (`affordance.run <name>`, ended with its outcome), through
 * whatever SDK is registered with `@opentelemetry/api`, also one registered later; without an SDK it costs one
 * check per call. Turn it on with `createRegistry({ observers: [traceCalls()] })` or `registry.observe(traceCalls())`.
 */
export function traceCalls(): CallObserver {
  return {
    start(call) {
      if (untraced()) return undefined;
      // Attributes are set only on real spans, so the no-op path allocates next to nothing.
      // A nested `ctx.run` call is a child of its parent call; an agent's call, of its tool-call span.
      const parent = parentSpanOf(call);
      const span = parent
        ? tracer.startSpan(`affordance.run ${call.name}`, {}, trace.setSpan(context.active(), parent))
        : tracer.startSpan(`affordance.run ${call.name}`);
      if (!span.isRecording()) return undefined;
      const forget = openCallSpan(call.callId, span);
      span.setAttribute('affordance.call_id', call.callId);
      span.setAttribute('affordance.depth', call.depth);
      if (call.user?.id) span.setAttribute('affordance.user_id', call.user.id);
      if (call.call.sessionId) span.setAttribute('affordance.session_id', call.call.sessionId);
      return {
        end(result) {
          span.setAttribute('affordance.action', result.name);
          span.setAttribute('affordance.outcome', result.ok ? 'ok' : result.error.code);
          if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error.message });
          forget();
          span.end();
        },
      };
    },
  };
}
