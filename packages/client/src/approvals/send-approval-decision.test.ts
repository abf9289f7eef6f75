import { describe, expect, it, vi } from 'vitest';
import { sendApprovalDecision } from './send-approval-decision.js';

describe('sendApprovalDecision', () => {
  it('POSTs the decision to {url}/:id, the id encoded', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await sendApprovalDecision({ approvalId: 'apr/1', decision: 'approve', url: '/approvals/', fetch });
    expect(fetch).toHaveBeenCalledWith('/approvals/apr%2F1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"decision":"approve"}',
    });
  });

  it("rejects with the API's status and answer", async () => {
    const fetch = vi.fn(async () => new Response('already decided', { status: 409 }));
    await expect(sendApprovalDecision({ approvalId: 'apr_1', decision: 'deny', fetch })).rejects.toThrow(
      'the approvals API answered 409: already decided',
    );
    expect(fetch).toHaveBeenCalledWith('/api/approvals/apr_1', expect.anything());
  });
});
