import { createRegistry } from '@affordance/core';
import { RunContext } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { waitAction } from '../../../test/support/wait-action.js';
import { agentsTools } from './agents-tools.js';

describe("the tool call's signal", () => {
  it('reaches the handler, and an aborted call answers `aborted` and is audited', async () => {
    const { action, running } = waitAction();
    const registry = createRegistry({ actions: [action] });
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
