import { createCanvasRegistry } from '@affordance/canvas';
import type { User } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from '../create-server.js';

const ana: User = { id: 'ana', roles: ['editor'] };
const ben: User = { id: 'ben', roles: ['editor'] };
const vic: User = { id: 'vic', roles: ['viewer'] };
const ada: User = { id: 'ada', roles: ['admin', 'editor'] };
const root: User = { id: 'root', roles: ['admin'] };
const KEYS = { 'key-ana': ana, 'key-ben': ben, 'key-vic': vic, 'key-ada': ada, 'key-root': root };

/** Servers over one canvas registry (one store), each with its own options: a restart with another config. */
function canvas() {
  const { registry, documents } = createCanvasRegistry();
  const server = (options: Omit<ServerOptions, 'registry'> = { users: { keys: KEYS } }) => {
    const { app } = createServer({ registry, mcp: false, consoleDir: false, ...options });
    return async (key: string, path: string, json?: unknown) => {
      const response = await app.request(path, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
  };
  return { registry, documents, server };
}

async function askRemoval(
  request: ReturnType<ReturnType<typeof canvas>['server']>,
  key: string,
  blockId: string,
) {
  const { body } = await request(key, '/api/actions/shape_remove/run', { args: { blockId } });
  expect(body).toMatchObject({ ok: false, error: { code: 'approval_required' } });
  return (body as { error: { details: { approvalId: string } } }).error.details.approvalId;
}

const approve = { decision: 'approve', reason: 'checked with the team' };

describe('separation of duties on a keyed server', () => {
  it('lets only admins decide by default: not the requester, not a viewer, not another editor', async () => {
    const { server, documents } = canvas();
    const request = server();
    const id = await askRemoval(request, 'key-ana', 'shape-3');
    for (const key of ['key-ana', 'key-vic', 'key-ben']) {
      const refused = await request(key, `/api/approvals/${id}`, approve);
      expect(refused.status).toBe(403);
      expect((await request(key, '/api/approvals')).body).toEqual({ approvals: [] });
    }
    expect(documents.get('shape-3')).toBeDefined();
    const listed = await request('key-root', '/api/approvals?status=pending');
    expect((listed.body as { approvals: Array<{ id: string }> }).approvals.map((a) => a.id)).toEqual([id]);
    const approved = await request('key-root', `/api/approvals/${id}`, approve);
    expect(approved).toMatchObject({ status: 200, body: { ok: true } });
    expect(documents.get('shape-3')).toBeUndefined();
    const [done] = (await request('key-root', '/api/approvals?status=done')).body.approvals as Array<{
      history: Array<{ status: string; by?: string; reason?: string }>;
    }>;
    expect(done?.history.slice(0, 2)).toMatchObject([
      { status: 'pending', by: 'ana' },
      { status: 'approved', by: 'root', reason: 'checked with the team' },
    ]);
  });

  it('refuses an admin approving their own call unless allowSelfApproval is set', async () => {
    const { server } = canvas();
    const request = server();
    const id = await askRemoval(request, 'key-ada', 'shape-3');
    const own = await request('key-ada', `/api/approvals/${id}`, approve);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: { code: 'forbidden', message: /separation of duties/ } });
    expect((await request('key-ada', '/api/approvals')).body).toEqual({ approvals: [] });
    const relaxed = server({ users: { keys: KEYS }, allowSelfApproval: true });
    expect(await relaxed('key-ada', `/api/approvals/${id}`, approve)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
  });

  it('honours approverRoles, and lets the keyless local user approve their own calls', async () => {
    const { server } = canvas();
    const leads = server({ users: { keys: KEYS }, approverRoles: ['editor'] });
    const id = await askRemoval(leads, 'key-ana', 'shape-3');
    expect((await leads('key-root', `/api/approvals/${id}`, approve)).status).toBe(403);
    expect((await leads('key-ben', `/api/approvals/${id}`, approve)).body).toMatchObject({ ok: true });
    const local = server({});
    const mine = await askRemoval(local, '', 'shape-1');
    expect((await local('', `/api/approvals/${mine}`, approve)).body).toMatchObject({ ok: true });
  });

  it("refuses, records and ends the call when the requester's key was removed or their role lost", async () => {
    const { server, registry, documents } = canvas();
    const before = server();
    const removed = await askRemoval(before, 'key-ana', 'shape-1');
    const demoted = await askRemoval(before, 'key-ben', 'shape-3');
    // The server restarts with another config: ana's key is gone, ben is a viewer now.
    const { 'key-ana': _gone, ...rest } = KEYS;
    const after = server({ users: { keys: { ...rest, 'key-ben': { id: 'ben', roles: ['viewer'] } } } });
    const refused = await after('key-root', `/api/approvals/${removed}`, approve);
    expect(refused.body).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: /ana .*no longer a user/ },
    });
    const lost = await after('key-root', `/api/approvals/${demoted}`, approve);
    expect(lost.body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(documents.get('shape-1')).toBeDefined();
    expect(documents.get('shape-3')).toBeDefined();
    for (const id of [removed, demoted]) {
      expect(await registry.approvals.get(id)).toMatchObject({
        status: 'failed',
        decidedBy: 'root',
        outcome: { ok: false, errorCode: 'forbidden' },
      });
    }
    const { records } = await registry.store.audit.query({ errorCode: 'forbidden' });
    expect(records.map((record) => record.userId).sort()).toEqual(['ana', 'ben']);
  });

  it('retries an interrupted approval, with the same checks, and refuses to retry one that is not', async () => {
    const { server, registry, documents } = canvas();
    const request = server();
    const id = await askRemoval(request, 'key-ana', 'shape-3');
    // A run that took the approval and whose process died: its lease has run out.
    await registry.store.approvals.decide(id, { status: 'approved', by: 'root', holder: 'dead', leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const listed = await request('key-root', '/api/approvals?status=interrupted,running');
    expect(listed.body).toMatchObject({ approvals: [{ id, status: 'interrupted' }] });
    expect((await request('key-ana', `/api/approvals/${id}/retry`, {})).status).toBe(403);
    expect((await request('key-vic', `/api/approvals/${id}/retry`, {})).status).toBe(403);
    const retried = await request('key-root', `/api/approvals/${id}/retry`, { reason: 'the server crashed' });
    expect(retried).toMatchObject({ status: 200, body: { ok: true } });
    expect(documents.get('shape-3')).toBeUndefined();
    const history = (await registry.approvals.get(id))?.history?.map((step) => step.status);
    expect(history).toEqual(['pending', 'approved', 'interrupted', 'approved', 'running', 'done']);
    const again = await request('key-root', `/api/approvals/${id}/retry`, {});
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'approval_not_pending' } } });
    expect((await request('key-root', '/api/approvals?status=later')).status).toBe(400);
  });
});
