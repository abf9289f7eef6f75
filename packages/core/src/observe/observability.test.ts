import {
  context,
  type Span,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { createRegistry, defineAction, type Logger, type RegistryEvents } from '../index.js';
import { traceCalls } from '../tracing/index.js';

function recordingLogger() {
  const lines: Array<{ level: string; record: object; message?: string }> = [];
  const log = (level: string) => (record: object, message?: string) => lines.push({ level, record, message });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
}

// A minimal TracerProvider on the public API: records span names, attributes and status.
function recordingTracer() {
  const spans: Array<{
    name: string;
    attributes: Record<string, unknown>;
    status?: unknown;
    ended: boolean;
  }> = [];
  const tracer: Tracer = {
    startSpan(name: string, options?: SpanOptions) {
      const entry = {
        name,
        attributes: { ...(options?.attributes ?? {}) } as Record<string, unknown>,
        status: undefined as unknown,
        ended: false,
      };
      spans.push(entry);
      const span = {
        isRecording: () => true,
        setAttribute: (key: string, value: unknown) => {
          entry.attributes[key] = value;
          return span;
        },
        setStatus: (status: unknown) => {
          entry.status = status;
          return span;
        },
        end: () => {
          entry.ended = true;
        },
      };
      return span as unknown as Span;
    },
    startActiveSpan: (() => {
      throw new Error('unused');
    }) as never,
  };
  const provider: TracerProvider = { getTracer: () => tracer };
  return { provider, spans };
}

const tracing = recordingTracer();
trace.setGlobalTracerProvider(tracing.provider);
afterAll(() => trace.disable());

describe('observability', () => {
  it('emits start, each step (the closing ones too) and end, in order', async () => {
    const registry = createRegistry({
      actions: [defineAction({ name: 'hello', description: 'Says hello', handler: () => 'hi' })],
    });
    const events: string[] = [];
    registry.on('call-start', (event) => events.push(`start ${event.name}`));
    registry.on('call-step', (event: RegistryEvents['call-step']) =>
      events.push(`${event.step}:${event.outcome}`),
    );
    registry.on('call-end', (event) => events.push(`end ${event.result.ok}`));
    await registry.run({ name: 'hello' });
    expect(events).toEqual([
      'start hello',
      'call:next',
      'resolve:next',
      'parse:next',
      'defaults:next',
      'validate:next',
      'target:next',
      'authorize:next',
      'when:next',
      'prerequisites:next',
      'rate-limit:next',
      'approval:next',
      'idempotency:next',
      'execute:next',
      'output:next',
      'settle:next',
      'history:next',
      'shape:next',
      'audit:next',
      'end true',
      'report:next',
    ]);
  });

  it('writes pino-shaped log records and audit rows with secrets redacted', async () => {
    const { logger, lines } = recordingLogger();
    const registry = createRegistry({
      logger,
      actions: [
        defineAction({
          name: 'login',
          description: 'Log in',
          input: {
            type: 'object',
            properties: {
              user: { type: 'string' },
              pin: { type: 'string', writeOnly: true },
              apiKey: { type: 'string' },
            },
          },
          handler: () => {
            throw new Error('wrong pin');
          },
        }),
      ],
    });
    await registry.run({
      name: 'login',
      args: { user: 'ada', pin: '1234', apiKey: 'sk-1' },
      user: { id: 'u1' },
      sessionId: 's1',
    });
    const { records } = await registry.store.audit.query({ sessionId: 's1' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      name: 'login',
      userId: 'u1',
      sessionId: 's1',
      outcome: 'error',
      errorCode: 'handler_error',
      args: { user: 'ada', pin: '[redacted]', apiKey: '[redacted]' },
    });
    expect(records[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(lines.some((line) => line.level === 'error' && line.message === 'handler threw')).toBe(true);
    expect(lines.find((line) => line.message === 'action call')?.record).toMatchObject({
      name: 'login',
      outcome: 'error',
      errorCode: 'handler_error',
    });
  });

  it('opens one OpenTelemetry span per call with its outcome, once traceCalls() is turned on', async () => {
    const hello = defineAction({ name: 'hello', description: 'Says hello', handler: () => 'hi' });
    tracing.spans.length = 0;
    await createRegistry({ actions: [hello] }).run({ name: 'hello' });
    expect(tracing.spans).toEqual([]);
    const registry = createRegistry({ actions: [hello], observers: [traceCalls()] });
    await context.with(context.active(), () => registry.run({ name: 'hello', user: { id: 'u9' } }));
    await registry.run({ name: 'nope' });
    expect(
      tracing.spans.map((span) => [span.name, span.attributes['affordance.outcome'], span.ended]),
    ).toEqual([
      ['affordance.run hello', 'ok', true],
      ['affordance.run nope', 'unknown_action', true],
    ]);
    expect(tracing.spans[0]!.attributes['affordance.user_id']).toBe('u9');
  });

  it('never fails a call for an observer that throws, and logs it', async () => {
    const { logger, lines } = recordingLogger();
    const hello = defineAction({ name: 'hello', description: 'Says hello', handler: () => 'hi' });
    const broken = new Error('observer broke');
    const registry = createRegistry({
      actions: [hello],
      logger,
      observers: [
        {
          start: () => {
            throw broken;
          },
        },
      ],
    });
    expect(await registry.run({ name: 'hello' })).toMatchObject({ ok: true, value: 'hi' });
    registry.observe({
      start: () => ({
        everyStep: true,
        step: () => {
          throw broken;
        },
        end: () => {
          throw broken;
        },
      }),
    });
    expect(await registry.run({ name: 'hello' })).toMatchObject({ ok: true, value: 'hi' });
    const errors = lines.filter((line) => line.level === 'error').map((line) => line.message);
    // Its start in both calls, then each of the 19 steps of the second and its end (in the report step).
    expect(errors.filter((message) => message === 'a call observer threw')).toHaveLength(21);
    expect(errors.filter((message) => message !== 'a call observer threw')).toEqual([
      'the report step failed',
    ]);
  });

  it('reports progress and lets actions call others under the same checks', async () => {
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'secret',
          description: 'Admins only',
          roles: ['admin'],
          handler: () => 'secret',
        }),
        defineAction({
          name: 'outer',
          description: 'Calls inner actions',
          handler: async (_input, ctx) => {
            ctx.progress({ progress: 1, total: 2, message: 'half' });
            const inner = await ctx.run({ name: 'secret' });
            return { inner: inner.ok ? inner.value : inner.error.code, depth: ctx.depth };
          },
        }),
        defineAction({
          name: 'loop',
          description: 'Calls itself',
          handler: async (_input, ctx) => (await ctx.run({ name: 'loop' })).modelOutput,
        }),
      ],
    });
    const progress: unknown[] = [];
    registry.on('call-progress', (event) => progress.push(event.progress));
    expect(await registry.run({ name: 'outer', user: { id: 'u', roles: ['editor'] } })).toMatchObject({
      ok: true,
      value: { inner: 'forbidden', depth: 0 },
    });
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'half' }]);
    const looped = await registry.run({ name: 'loop' });
    expect(looped.ok && looped.value).toContain('at most 8 levels deep');
    const { records } = await registry.store.audit.query({ name: 'secret' });
    expect(records[0]).toMatchObject({ depth: 1, errorCode: 'forbidden' });
  });
});
