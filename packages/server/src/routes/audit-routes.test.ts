import { describe, expect, it } from 'vitest';
import { routeTestServer, runBody, TEST_KEYS } from './route-test-setup.js';

describe('GET /api/audit', () => {
  it('filters by session, action and outcome, and pages with a cursor', async () => {
    const { request } = routeTestServer();
    for (const color of ['#000001', '#000002', '#000003']) {
      await request(
        '/api/actions/shape_updateColor/run',
        runBody({ blockId: 'shape-1', color }, { sessionId: 'a' }),
      );
    }
    await request(
      '/api/actions/shape_updateColor/run',
      runBody({ blockId: 'shape-2', color: '#000004' }, { sessionId: 'b' }),
    );
    const first = (await (await request('/api/audit?session=a&limit=2')).json()) as {
      records: Array<{ args: { color: string }; sessionId: string; userId: string }>;
      nextCursor?: string;
    };
    expect(first.records.map((record) => record.args.color)).toEqual(['#000003', '#000002']);
    expect(first.records[0]?.userId).toBe('local');
    expect(first.nextCursor).toBeDefined();
    const second = (await (
      await request(`/api/audit?session=a&limit=2&cursor=${first.nextCursor}`)
    ).json()) as {
      records: Array<{ args: { color: string } }>;
      nextCursor?: string;
    };
    expect(second.records.map((record) => record.args.color)).toEqual(['#000001']);
    expect(second.nextCursor).toBeUndefined();
    const errors = (await (await request('/api/audit?outcome=error&action=shape_updateColor')).json()) as {
      records: Array<{ sessionId: string; errorCode: string }>;
    };
    expect(errors.records).toEqual([expect.objectContaining({ sessionId: 'b', errorCode: 'unavailable' })]);
    const future = (await (await request('/api/audit?since=2999-01-01')).json()) as { records: unknown[] };
    expect(future.records).toEqual([]);
  });

  it('refuses bad filters with a 400', async () => {
    const { request } = routeTestServer();
    for (const query of ['outcome=maybe', 'since=yesterday', 'limit=5000', 'errorCode=oops']) {
      const response = await request(`/api/audit?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('filters by user and error code, and needs a key when keys are configured', async () => {
    const { request } = routeTestServer({ users: { keys: TEST_KEYS }, auditorRoles: ['editor'] });
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    await request('/api/actions/shape_updateColor/run', {
      ...runBody({ blockId: 'shape-1', color: '#101010' }),
      headers: as('key-ana'),
    });
    await request('/api/actions/shape_updateColor/run', {
      ...runBody({ blockId: 'shape-1', color: '#101010' }),
      headers: as('key-vic'),
    });
    const vic = (await (await request('/api/audit?user=vic', { headers: as('key-ana') })).json()) as {
      records: Array<{ userId: string; errorCode?: string }>;
    };
    expect(vic.records).toEqual([expect.objectContaining({ userId: 'vic', errorCode: 'forbidden' })]);
    const forbidden = (await (
      await request('/api/audit?errorCode=forbidden', { headers: as('key-ana') })
    ).json()) as { records: unknown[] };
    expect(forbidden.records).toHaveLength(1);
    expect((await request('/api/audit')).status).toBe(401);
  });

  it("shows a key holder without an auditor role only their own records, and refuses others' with 403", async () => {
    const { request } = routeTestServer({ users: { keys: TEST_KEYS } });
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    for (const key of ['key-ana', 'key-vic']) {
      await request('/api/actions/shape_updateColor/run', {
        ...runBody({ blockId: 'shape-1', color: '#202020' }),
        headers: as(key),
      });
    }
    for (const [key, id] of [
      ['key-ana', 'ana'],
      ['key-vic', 'vic'],
    ] as const) {
      const page = (await (await request('/api/audit', { headers: as(key) })).json()) as {
        records: Array<{ userId: string }>;
      };
      expect(page.records.map((record) => record.userId)).toEqual([id]);
    }
    const other = await request('/api/audit?user=ana', { headers: as('key-vic') });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await request('/api/audit?user=vic', { headers: as('key-vic') })).status).toBe(200);
  });
});
