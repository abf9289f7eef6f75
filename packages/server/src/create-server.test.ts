import { createCanvasRegistry, DEMO_USERS } from '@affordance/canvas';
import { describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from './create-server.js';

const KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };

function setup(options: Omit<ServerOptions, 'registry'> = {}) {
  const canvas = createCanvasRegistry();
  const { app } = createServer({ registry: canvas.registry, mcp: false, ...options });
  const request = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return app.request(path, {
      ...rest,
      ...(json !== undefined
        ? {
            method: rest.method ?? 'POST',
            body: JSON.stringify(json),
            headers: { 'content-type': 'application/json', ...rest.headers },
          }
        : {}),
    });
  };
  return { ...canvas, app, request };
}

const run = (args: unknown, extra: Record<string, unknown> = {}) => ({
  method: 'POST',
  json: { args, ...extra },
});

describe('GET /api/health and /', () => {
  it('answers health with the action count', async () => {
    const { request, registry } = setup();
    const response = await request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      actions: registry.names().length,
      version: registry.version,
      storage: 'memory',
    });
  });

  it('serves a home page that says the console is not built and links to the API', async () => {
    const { request } = setup();
    const response = await request('/');
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('console is not built yet');
    expect(html).toContain('href="/api/actions"');
    expect(html).toContain('href="/api/health"');
  });

  it('answers an unknown route with a typed 404', async () => {
    const response = await setup().request('/api/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'no route GET /api/nothing' },
    });
  });
});

describe('GET /api/targets', () => {
  it('lists the canvas blocks with their state', async () => {
    const { request } = setup();
    const body = (await (await request('/api/targets')).json()) as {
      listable: boolean;
      targets: Array<{ id: string; locked: boolean }>;
    };
    expect(body.listable).toBe(true);
    expect(body.targets.map((target) => target.id)).toEqual([
      'shape-1',
      'shape-2',
      'shape-3',
      'md-1',
      'md-2',
      'image-1',
    ]);
    expect(body.targets.find((target) => target.id === 'shape-2')?.locked).toBe(true);
  });
});

describe('GET /api/actions', () => {
  it('answers what can be done on a target, with the reason for what cannot', async () => {
    const { request } = setup();
    const body = (await (await request('/api/actions?target=shape:shape-2')).json()) as {
      target: unknown;
      actions: Array<{ name: string; available: boolean; reason?: string }>;
    };
    expect(body.target).toEqual({ type: 'shape', id: 'shape-2' });
    const color = body.actions.find((action) => action.name === 'shape_updateColor');
    expect(color?.available).toBe(false);
    expect(color?.reason).toMatch(/locked/i);
    const markdown = body.actions.find((action) => action.name === 'markdown_updateContent');
    expect(markdown).toMatchObject({ available: false, reason: 'acts on a markdown, not a shape' });
    expect(body.actions.find((action) => action.name === 'shape_unlock')?.available).toBe(true);
  });

  it('ranks by a query and limits, and reflects the user of the key', async () => {
    const { request } = setup({ users: { keys: KEYS } });
    const asVic = (await (
      await request('/api/actions?target=shape:shape-1&q=colour&limit=1', {
        headers: { authorization: 'Bearer key-vic' },
      })
    ).json()) as { actions: Array<{ name: string; available: boolean; reason?: string }> };
    expect(asVic.actions).toHaveLength(1);
    expect(asVic.actions[0]).toMatchObject({ name: 'shape_updateColor', available: false });
    expect(asVic.actions[0]?.reason).toMatch(/requires role editor; user vic/);
    const asAna = (await (
      await request('/api/actions?target=shape:shape-1&q=colour&limit=1', {
        headers: { authorization: 'Bearer key-ana' },
      })
    ).json()) as { actions: Array<{ name: string; available: boolean }> };
    expect(asAna.actions[0]).toMatchObject({ name: 'shape_updateColor', available: true });
  });

  it('answers 404 for an unknown target and 400 for a malformed one or a bad limit', async () => {
    const { request } = setup();
    const missing = await request('/api/actions?target=shape:shape-99');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('target_not_found');
    const malformed = await request('/api/actions?target=shape-1');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/type:id/),
    });
    expect((await request('/api/actions?limit=0')).status).toBe(400);
    expect((await request('/api/actions?include=some')).status).toBe(400);
  });
});

describe('GET /api/tools', () => {
  it('answers tool definitions in the asked format for the target', async () => {
    const { request } = setup();
    const body = (await (await request('/api/tools?format=anthropic&target=shape:shape-1')).json()) as {
      format: string;
      tools: Array<{ name: string; input_schema: unknown }>;
    };
    expect(body.format).toBe('anthropic');
    expect(body.tools.map((tool) => tool.name)).toContain('shape_updateColor');
    expect(body.tools.map((tool) => tool.name)).not.toContain('markdown_updateContent');
    expect(body.tools[0]?.input_schema).toBeDefined();
  });

  it('refuses an unknown format, naming the known ones', async () => {
    const response = await setup().request('/api/tools?format=cobol');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { hint: string } }).error.hint).toContain('openai-responses');
  });
});

describe('POST /api/actions/:name/run', () => {
  it('runs an action and answers its result; the document changes', async () => {
    const { request, documents } = setup();
    const response = await request(
      '/api/actions/shape_updateColor/run',
      run({ blockId: 'shape-1', color: '#ff0000' }),
    );
    expect(response.status).toBe(200);
    const result = (await response.json()) as { ok: boolean; name: string; modelOutput: string };
    expect(result).toMatchObject({ ok: true, name: 'shape_updateColor' });
    expect(documents.get('shape-1')).toMatchObject({ color: '#ff0000' });
  });

  it('answers a failed action as a 200 with ok: false', async () => {
    const { request } = setup();
    const invalid = await request(
      '/api/actions/shape_updateColor/run',
      run({ blockId: 'shape-1', color: 'red-ish' }),
    );
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    const locked = await request(
      '/api/actions/shape_updateColor/run',
      run({ blockId: 'shape-2', color: '#ff0000' }),
    );
    expect(await locked.json()).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const unknown = await request('/api/actions/shape_paint/run', run({}));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'unknown_action' } });
  });

  it('answers 401 without a key or with an unknown one, and 403 when the user lacks the role', async () => {
    const { request, documents } = setup({ users: { keys: KEYS } });
    const call = run({ blockId: 'shape-1', color: '#ff0000' });
    const anonymous = await request('/api/actions/shape_updateColor/run', call);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: {
        code: 'unauthorized',
        message: 'this server needs an API key',
        hint: 'send Authorization: Bearer <key>',
      },
    });
    const wrong = await request('/api/actions/shape_updateColor/run', {
      ...call,
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    const viewer = await request('/api/actions/shape_updateColor/run', {
      ...call,
      headers: { authorization: 'Bearer key-vic' },
    });
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(documents.get('shape-1')).toMatchObject({ color: '#3b82f6' });
    const editor = await request('/api/actions/shape_updateColor/run', {
      ...call,
      headers: { authorization: 'Bearer key-ana' },
    });
    expect(await editor.json()).toMatchObject({ ok: true });
  });

  it('replays a call sent again with the same idempotency key', async () => {
    const { request } = setup();
    const call = run({ blockId: 'shape-1', color: '#00ff00' }, { idempotencyKey: 'k-1', sessionId: 's-1' });
    const first = (await (await request('/api/actions/shape_updateColor/run', call)).json()) as {
      value: unknown;
      replayed?: boolean;
    };
    const second = (await (await request('/api/actions/shape_updateColor/run', call)).json()) as {
      value: unknown;
      replayed?: boolean;
    };
    expect(first.replayed).toBeUndefined();
    expect(second.replayed).toBe(true);
    expect(second.value).toEqual(first.value);
  });

  it('answers 400 for a body that is not JSON or has fields of the wrong type, and 413 past the limit', async () => {
    const { request } = setup({ maxBodyBytes: 200 });
    const broken = await request('/api/actions/shape_updateColor/run', {
      method: 'POST',
      body: '{"args": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('invalid_json_body');
    const array = await request('/api/actions/shape_updateColor/run', { method: 'POST', json: [1] });
    expect(array.status).toBe(400);
    const session = await request('/api/actions/shape_updateColor/run', {
      method: 'POST',
      json: { args: {}, sessionId: 5 },
    });
    expect(await session.json()).toEqual({
      error: { code: 'invalid_request', message: '`sessionId` must be a non-empty string' },
    });
    const context = await request('/api/actions/shape_updateColor/run', {
      method: 'POST',
      json: { args: {}, context: 'x' },
    });
    expect(context.status).toBe(400);
    const large = await request('/api/actions/shape_updateColor/run', {
      method: 'POST',
      json: { args: { text: 'x'.repeat(500) } },
    });
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});

describe('GET /api/audit', () => {
  it('filters by session, action and outcome, and pages with a cursor', async () => {
    const { request } = setup();
    for (const color of ['#000001', '#000002', '#000003']) {
      await request(
        '/api/actions/shape_updateColor/run',
        run({ blockId: 'shape-1', color }, { sessionId: 'a' }),
      );
    }
    await request(
      '/api/actions/shape_updateColor/run',
      run({ blockId: 'shape-2', color: '#000004' }, { sessionId: 'b' }),
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
    const { request } = setup();
    for (const query of ['outcome=maybe', 'since=yesterday', 'limit=5000', 'errorCode=oops']) {
      const response = await request(`/api/audit?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe('approvals', () => {
  const pendingRemoval = async (request: ReturnType<typeof setup>['request'], blockId: string) => {
    const result = (await (await request(`/api/actions/shape_remove/run`, run({ blockId }))).json()) as {
      ok: false;
      error: { code: string; details: { approvalId: string } };
    };
    expect(result.error.code).toBe('approval_required');
    return result.error.details.approvalId;
  };

  it('lists pending calls and runs one when approved', async () => {
    const { request, documents } = setup();
    const id = await pendingRemoval(request, 'shape-3');
    const listed = (await (await request('/api/approvals?status=pending')).json()) as {
      approvals: Array<{ id: string; name: string }>;
    };
    expect(listed.approvals).toEqual([expect.objectContaining({ id, name: 'shape_remove' })]);
    const approved = await request(`/api/approvals/${id}`, { method: 'POST', json: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ ok: true, value: { message: 'Deleted shape-3' } });
    expect(documents.get('shape-3')).toBeUndefined();
    const decided = (await (await request('/api/approvals?status=approved')).json()) as {
      approvals: Array<{ decidedBy: string }>;
    };
    expect(decided.approvals[0]?.decidedBy).toBe('local');
    const again = await request(`/api/approvals/${id}`, { method: 'POST', json: { decision: 'deny' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('approval_not_pending');
  });

  it('denies with a reason, keeping the block', async () => {
    const { request, documents } = setup();
    const id = await pendingRemoval(request, 'shape-1');
    const denied = await request(`/api/approvals/${id}`, {
      method: 'POST',
      json: { decision: 'deny', reason: 'keep it' },
    });
    expect(await denied.json()).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(documents.get('shape-1')).toBeDefined();
  });

  it('answers 404 for an unknown approval, 400 for a bad decision or status, 403 without an approver role', async () => {
    const { request } = setup({ users: { keys: KEYS }, approverRoles: ['editor'] });
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
});

describe('local user', () => {
  it('acts as the local user with every role when no keys are configured', async () => {
    const { request } = setup();
    const body = (await (await request('/api/actions?target=shape:shape-1')).json()) as {
      actions: Array<{ available: boolean; reason?: string }>;
    };
    expect(body.actions.filter((action) => action.reason?.includes('requires role'))).toEqual([]);
  });
});

describe('/mcp', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    host: 'localhost',
  };

  it('mounts the MCP Streamable HTTP endpoint', async () => {
    const { registry } = createCanvasRegistry();
    const { app, mcp } = createServer({ registry });
    const response = await app.request('http://localhost/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"serverInfo":{"name":"affordance"');
    await mcp?.close();
  });

  it('asks for the same API keys as the REST API', async () => {
    const { registry } = createCanvasRegistry();
    const { app, mcp } = createServer({ registry, users: { keys: KEYS } });
    const anonymous = await app.request('http://localhost/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(anonymous.status).toBe(401);
    const ana = await app.request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer key-ana' },
      body: JSON.stringify(initialize),
    });
    expect(ana.status).toBe(200);
    await mcp?.close();
  });
});
