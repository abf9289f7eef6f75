import { createRegistry, defineAction } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { redactApproval } from './redact-approval.js';

describe('redactApproval', () => {
  it('keeps the output a paused agent run reads on the stored approval, and leaves it out of what people see', async () => {
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'token_issue',
          description: 'Issue a token',
          approval: 'always',
          handler: () => 'token tk-123',
        }),
      ],
    });
    const asked = await registry.run({ name: 'token_issue', user: { id: 'ann' } });
    const id = !asked.ok ? (asked.error.details?.approvalId as string) : '';
    await registry.approvals.approve(id, { by: 'root' });
    const stored = await registry.approvals.get(id);
    expect(stored?.outcome).toEqual({ ok: true, modelOutput: 'token tk-123', value: 'token tk-123' });
    const shown = redactApproval(registry, stored!);
    expect(shown.outcome).toEqual({ ok: true });
    expect(JSON.stringify(shown)).not.toContain('tk-123');
  });
});
