import { describe, expect, it } from 'vitest';
import { routeTestServer, runBody, TEST_KEYS } from './route-test-setup.js';

describe('GET /api/actions', () => {
  it('answers what can be done on a target, with the reason for what cannot', async () => {
    const { request } = routeTestServer();
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
    const { request } = routeTestServer({ users: { keys: TEST_KEYS } });
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
    const { request } = routeTestServer();
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
    const { request } = routeTestServer();
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
    const response = await routeTestServer().request('/api/tools?format=cobol');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { hint: string } }).error.hint).toContain('openai-responses');
  });
});

describe('POST /api/actions/:name/run', () => {
  it('runs an action and answers its result; the document changes', async () => {
    const { request, documents } = routeTestServer();
    const response = await request(
      '/api/actions/shape_updateColor/run',
      runBody({ blockId: 'shape-1', color: '#ff0000' }),
    );
    expect(response.status).toBe(200);
    const result = (await response.json()) as { ok: boolean; name: string; modelOutput: string };
    expect(result).toMatchObject({ ok: true, name: 'shape_updateColor' });
    expect(documents.get('shape-1')).toMatchObject({ color: '#ff0000' });
  });

  it('answers a failed action as a 200 with ok: false', async () => {
    const { request } = routeTestServer();
    const invalid = await request(
      '/api/actions/shape_updateColor/run',
      runBody({ blockId: 'shape-1', color: 'red-ish' }),
    );
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    const locked = await request(
      '/api/actions/shape_updateColor/run',
      runBody({ blockId: 'shape-2', color: '#ff0000' }),
    );
    expect(await locked.json()).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const unknown = await request('/api/actions/shape_paint/run', runBody({}));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'unknown_action' } });
  });

  it('answers 401 without a key or with an unknown one, and 403 when the user lacks the role', async () => {
    const { request, documents } = routeTestServer({ users: { keys: TEST_KEYS } });
    const call = runBody({ blockId: 'shape-1', color: '#ff0000' });
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
    const { request } = routeTestServer();
    const call = runBody(
      { blockId: 'shape-1', color: '#00ff00' },
      { idempotencyKey: 'k-1', sessionId: 's-1' },
    );
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
    const { request } = routeTestServer({ maxBodyBytes: 200 });
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

describe('local user', () => {
  it('acts as the local user with every role when no keys are configured', async () => {
    const { request } = routeTestServer();
    const body = (await (await request('/api/actions?target=shape:shape-1')).json()) as {
      actions: Array<{ available: boolean; reason?: string }>;
    };
    expect(body.actions.filter((action) => action.reason?.includes('requires role'))).toEqual([]);
  });
});

describe('unknown routes and targets', () => {
  it('answers 404 for a tools target that does not exist and for a run without a name', async () => {
    const { request, app } = routeTestServer();
    const tools = await request('/api/tools?target=image:image-9');
    expect(tools.status).toBe(404);
    expect(await tools.json()).toMatchObject({
      error: { code: 'target_not_found', hint: 'GET /api/targets lists them' },
    });
    const nameless = await app.request('/api/actions//run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(nameless.status).toBe(404);
  });
});
