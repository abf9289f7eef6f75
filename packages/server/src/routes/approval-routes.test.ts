import { describe, expect, it } from 'vitest';
import { routeTestServer, runBody, TEST_KEYS } from './route-test-setup.js';

describe('approvals', () => {
  const pendingRemoval = async (request: ReturnType<typeof routeTestServer>['request'], blockId: string) => {
    const result = (await (await request(`/api/actions/shape_remove/run`, runBody({ blockId }))).json()) as {
      ok: false;
      error: { code: string; details: { approvalId: string } };
    };
    expect(result.error.code).toBe('approval_required');
    return result.error.details.approvalId;
  };

  it('lists pending calls and runs one when approved', async () => {
    const { request, documents } = routeTestServer();
    const id = await pendingRemoval(request, 'shape-3');
    const listed = (await (await request('/api/approvals?status=pending')).json()) as {
      approvals: Array<{ id: string; name: string }>;
    };
    expect(listed.approvals).toEqual([expect.objectContaining({ id, name: 'shape_remove' })]);
    const approved = await request(`/api/approvals/${id}`, { method: 'POST', json: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ ok: true, value: { message: 'Deleted shape-3' } });
    expect(documents.get('shape-3')).toBeUndefined();
    const decided = (await (await request('/api/approvals?status=done')).json()) as {
      approvals: Array<{ decidedBy: string; history: Array<{ status: string }>; outcome: unknown }>;
    };
    expect(decided.approvals[0]?.decidedBy).toBe('local');
    // The store keeps the run's value for the caller who asked; the approvers' list shows no value, as the audit log.
    expect(decided.approvals[0]?.outcome).toEqual({ ok: true });
    expect(decided.approvals[0]?.history.map((step) => step.status)).toEqual([
      'pending',
      'approved',
      'running',
      'done',
    ]);
    const again = await request(`/api/approvals/${id}`, { method: 'POST', json: { decision: 'deny' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('approval_not_pending');
  });

  it('denies with a reason, keeping the block', async () => {
    const { request, documents } = routeTestServer();
    const id = await pendingRemoval(request, 'shape-1');
    const denied = await request(`/api/approvals/${id}`, {
      method: 'POST',
      json: { decision: 'deny', reason: 'keep it' },
    });
    expect(await denied.json()).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(documents.get('shape-1')).toBeDefined();
  });

  it('answers 404 for an unknown approval, 400 for a bad decision or status, 403 without an approver role', async () => {
    const { request } = routeTestServer({ users: { keys: TEST_KEYS }, approverRoles: ['editor'] });
    const ana = { authorization: 'Bearer key-ana' };
    expect(
      (await request('/api/approvals/nope', { method: 'POST', json: { decision: 'approve' }, headers: ana }))
        .status,
    ).toBe(404);
    expect(
      (await request('/api/approvals/nope', { method: 'POST', json: { decision: 'maybe' }, headers: ana }))
        .status,
    ).toBe(400);
    expect((await request('/api/approvals?status=open', { headers: ana })).status).toBe(400);
    const vic = await request('/api/approvals/nope', {
      method: 'POST',
      json: { decision: 'approve' },
      headers: { authorization: 'Bearer key-vic' },
    });
    expect(vic.status).toBe(403);
    expect(((await vic.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect((await request('/api/approvals')).status).toBe(401);
  });

  it('filters by session, and answers 400 for a body that is not JSON and 413 past the limit', async () => {
    const { request } = routeTestServer({ maxBodyBytes: 100 });
    await request('/api/actions/shape_remove/run', runBody({ blockId: 'shape-1' }, { sessionId: 's-a' }));
    await request('/api/actions/shape_remove/run', runBody({ blockId: 'shape-3' }, { sessionId: 's-b' }));
    const listed = (await (await request('/api/approvals?session=s-b')).json()) as {
      approvals: Array<{ args: { blockId: string }; sessionId: string; status: string }>;
    };
    expect(listed.approvals).toEqual([
      expect.objectContaining({ sessionId: 's-b', status: 'pending', args: { blockId: 'shape-3' } }),
    ]);
    const broken = await request(`/api/approvals/x`, {
      method: 'POST',
      body: 'approve',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    const large = await request('/api/approvals/x', { json: { decision: 'deny', reason: 'r'.repeat(200) } });
    expect(large.status).toBe(413);
  });

  it('lists an approval only to those who may decide it: not to its requester, nor to a non-approver', async () => {
    const editor = (id: string) => ({ id, roles: ['editor'] });
    const { request } = routeTestServer({
      users: {
        keys: {
          'key-ana': editor('ana'),
          'key-ben': editor('ben'),
          'key-boss': { id: 'boss', roles: ['lead'] },
        },
      },
      approverRoles: ['lead'],
    });
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    await request('/api/actions/shape_remove/run', {
      ...runBody({ blockId: 'shape-1' }),
      headers: as('key-ana'),
    });
    await request('/api/actions/shape_remove/run', {
      ...runBody({ blockId: 'shape-3' }),
      headers: as('key-ben'),
    });
    const listed = async (key: string) =>
      (
        (await (await request('/api/approvals', { headers: as(key) })).json()) as {
          approvals: Array<{ user: { id: string } }>;
        }
      ).approvals.map((approval) => approval.user.id);
    expect(await listed('key-ana')).toEqual([]);
    expect(await listed('key-ben')).toEqual([]);
    expect((await listed('key-boss')).sort()).toEqual(['ana', 'ben']);
  });
});
