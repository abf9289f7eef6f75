import { createRegistry, defineAction } from '@affordance/core';
import { RunContext } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { agentsTools } from './agents-tools.js';

describe("the tool call's signal", () => {
  it('reaches the handler, and an aborted call answers `aborted` and is audited', async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const wait = defineAction({
      name: 'wait',
      description: 'Wait until stopped',
      handler: (_input, ctx) =>
        new Promise((_resolve, reject) => {
          started();
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
        }),
    });
    const registry = createRegistry({ actions: [wait] });
    const [tool] = agentsTools(registry);
    const controller = new AbortController();
    const toolCall = { type: 'function_call' as const, callId: 'w1', name: 'wait', arguments: '{}' };
    const answer = tool!.invoke(new RunContext({ sessionId: 's-abort' }), '{}', {
      toolCall,
      signal: controller.signal,
    });
    await running;
    controller.abort();
    expect(String(await answer)).toMatch(/^Error \(aborted\)/);
    const { records } = await registry.store.audit.query({ sessionId: 's-abort' });
    expect(records.map((record) => record.errorCode)).toEqual(['aborted']);
  });
});
