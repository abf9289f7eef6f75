import { createRegistry, defineAction } from '@affordance/core';
import { type Span, type TracerProvider, trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from './create-server.js';

// A provider on the public API that records the names of the spans it is asked to start.
const started: string[] = [];
const provider: TracerProvider = {
  getTracer: () => ({
    startSpan(name: string) {
      started.push(name);
      const span = { isRecording: () => true, setAttribute: () => span, setStatus: () => span, end() {} };
      return span as unknown as Span;
    },
    startActiveSpan: (() => {
      throw new Error('unused');
    }) as never,
  }),
};
trace.setGlobalTracerProvider(provider);
afterAll(() => trace.disable());

const ping = () =>
  createRegistry({ actions: [defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' })] });

describe('tracing in the server', () => {
  it('opens one span per call of the registry it serves, however many servers serve it', async () => {
    const registry = ping();
    createServer({ registry, mcp: false });
    createServer({ registry, mcp: false });
    started.length = 0;
    await registry.run({ name: 'ping' });
    expect(started).toEqual(['affordance.run ping']);
  });

  it('opens none with `tracing: false`', async () => {
    const registry = ping();
    createServer({ registry, mcp: false, tracing: false });
    started.length = 0;
    await registry.run({ name: 'ping' });
    expect(started).toEqual([]);
  });
});
