import { createRegistry, defineAction } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { routeTestServer, TEST_KEYS } from './route-test-setup.js';

describe('GET /api/targets', () => {
  it('lists the canvas blocks with their state', async () => {
    const { request } = routeTestServer();
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

  it('says when the resolver cannot list its targets', async () => {
    const registry = createRegistry({
      actions: [defineAction({ name: 'ping', description: 'Answer pong', handler: () => 'pong' })],
    });
    const { app } = createServer({ registry, mcp: false, consoleDir: false });
    expect(await (await app.request('/api/targets')).json()).toEqual({ listable: false, targets: [] });
  });

  it('answers 401 without a key when keys are configured, and the list with one', async () => {
    const { request } = routeTestServer({ users: { keys: TEST_KEYS } });
    const anonymous = await request('/api/targets');
    expect(anonymous.status).toBe(401);
    const viewer = await request('/api/targets', { headers: { authorization: 'Bearer key-vic' } });
    expect(viewer.status).toBe(200);
  });
});
