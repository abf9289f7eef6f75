import { createRegistry } from '@affordance/core';
import { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { waitAction } from '../../../test/support/wait-action.js';
import { langchainTools } from './langchain-tools.js';

describe("the RunnableConfig's signal", () => {
  it('reaches the handler, and an aborted call answers `aborted` and is audited', async () => {
    const { action, running } = waitAction();
    const registry = createRegistry({ actions: [action] });
    const [tool] = langchainTools(registry);
    const controller = new AbortController();
    const answer = tool!.invoke(
      { type: 'tool_call', id: 'w1', name: 'wait', args: {} },
      { signal: controller.signal, configurable: { sessionId: 's-abort' } },
    );
    await running;
    controller.abort();
    const message = await answer;
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message).toMatchObject({ status: 'error', tool_call_id: 'w1' });
    expect(String((message as ToolMessage).content)).toMatch(/^Error \(aborted\)/);
    const { records } = await registry.store.audit.query({ sessionId: 's-abort' });
    expect(records.map((record) => record.errorCode)).toEqual(['aborted']);
  });
});
