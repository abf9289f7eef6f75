import type { Tracer } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** One finished span as `affordance agent --trace` writes it: a JSON line on stderr. */
export interface TraceLine {
  readonly span: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly status: 'ok' | 'error' | 'unset';
  readonly durationMs: number;
  readonly attributes: Record<string, unknown>;
}

/**
 * A tracer whose spans are written, as each ends, as one JSON line (`{"span": …}`) through `write` — the
 * OpenTelemetry SDK's own provider and processor, with an exporter that prints. Used by `affordance agent --trace`.
 */
export async function lineTracer(
  write: (line: string) => void,
): Promise<{ tracer: Tracer; close(): Promise<void> }> {
  const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const exporter: SpanExporter = {
    export(spans, done) {
      for (const span of spans) write(`${JSON.stringify(lineOf(span))}\n`);
      done({ code: 0 });
    },
    shutdown: async () => undefined,
  };
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracer: provider.getTracer('@affordance/server'), close: () => provider.shutdown() };
}

function lineOf(span: ReadableSpan): TraceLine {
  const [seconds, nanos] = span.duration;
  const parent = span.parentSpanContext?.spanId;
  return {
    span: span.name,
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    ...(parent ? { parentSpanId: parent } : {}),
    status: span.status.code === 2 ? 'error' : span.status.code === 1 ? 'ok' : 'unset',
    durationMs: Math.round((seconds * 1e3 + nanos / 1e6) * 1000) / 1000,
    attributes: { ...span.attributes },
  };
}
