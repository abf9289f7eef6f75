import { createRegistry, defineAction, type Progress } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createProgressRouter } from './progress-router.js';

describe('createProgressRouter', () => {
  it('routes progress to the call it bound, not to another call sent with the same tool-call id', async () => {
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'work',
          description: 'Reports progress',
          input: { type: 'object', properties: { step: { type: 'number' } } },
          handler: (input, ctx) => {
            ctx.progress({ progress: (input as { step: number }).step });
            return 'done';
          },
        }),
      ],
    });
    const router = createProgressRouter(registry);
    const seen: Progress[] = [];
    const unwatch = router.watch('mcp_session_1', (progress) => seen.push(progress));
    const mine = registry.run({ name: 'work', args: { step: 1 }, toolCallId: 'mcp_session_1' });
    // Another caller (REST, a model) sends the same tool-call id while the first call runs.
    const theirs = registry.run({ name: 'work', args: { step: 99 }, toolCallId: 'mcp_session_1' });
    await Promise.all([mine, theirs]);
    unwatch();
    expect(seen).toEqual([{ progress: 1 }]);
    router.close();
  });
});
