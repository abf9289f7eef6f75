import { createRegistry, defineAction, type Registry } from '@affordance/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { moveMoney } from '../../../../test/support/move-money.js';
import { listenMCP } from '../node/index.js';
import type { ServeMCPOptions } from './types.js';

const TOKENS = {
  'ann-token': { id: 'ann', roles: ['mover'] },
  'ann-2-token': { id: 'ann', roles: ['mover'] },
  'bob-token': { id: 'bob', roles: ['mover'] },
  'eve-token': { id: 'eve', roles: [] },
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A registry whose `move_money` waits for a person; `runs` counts how often it really ran. */
function bank(): { registry: Registry; runs: { count: number } } {
  const runs = { count: 0 };
  const registry = createRegistry({
    actions: [
      moveMoney(runs),
      defineAction({ name: 'balance', description: 'Read the balance', handler: () => 'balance 10' }),
    ],
  });
  return { registry, runs };
}

type Answer = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;

async function serve(registry: Registry, options: ServeMCPOptions = {}) {
  const listener = await listenMCP(registry, { tokens: TOKENS, ...options });
  closers.push(() => listener.close());
  return listener;
}

/** The official client over Streamable HTTP, declaring form elicitation when `answer` is given. */
async function connect(url: string, token: string | undefined, answer?: Answer): Promise<Client> {
  const client = new Client(
    { name: 'approval-test', version: '1.0.0' },
    answer ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request) => answer(request));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
  });
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

function text(result: unknown): string {
  return (result as CallToolResult).content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

function approvalIdOf(result: unknown): string {
  const meta = (result as CallToolResult)._meta?.['affordance/approval'] as { id: string } | undefined;
  return meta?.id ?? '';
}

describe('approvals over MCP (Streamable HTTP, official client)', () => {
  it('asks a client that can elicit; accept runs the call once and records who approved it', async () => {
    const { registry, runs } = bank();
    const { url } = await serve(registry);
    const asked: ElicitRequest[] = [];
    const client = await connect(url, 'ann-token', (request) => {
      asked.push(request);
      return { action: 'accept', content: { approve: true, reason: 'rent' } };
    });
    const result = await client.callTool({
      name: 'move_money',
      arguments: { amount: 5, apiKey: 'sk-live-123' },
    });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe('moved 5');
    expect(runs.count).toBe(1);
    expect(asked).toHaveLength(1);
    const params = asked[0]!.params as { message: string; requestedSchema: { required: string[] } };
    expect(params.message).toContain('"amount": 5');
    expect(params.message).not.toContain('sk-live-123');
    expect(params.requestedSchema.required).toEqual(['approve']);
    const [approval] = await registry.approvals.list();
    expect(approval).toMatchObject({ status: 'done', decidedBy: 'ann', reason: 'rent', name: 'move_money' });
  });

  it('denies on "no" and on decline, with a clear tool error, and runs nothing', async () => {
    const { registry, runs } = bank();
    const { url } = await serve(registry);
    const no = await connect(url, 'ann-token', () => ({ action: 'accept', content: { approve: false } }));
    const refused = (await no.callTool({ name: 'move_money', arguments: { amount: 1 } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused._meta?.['affordance/error']).toMatchObject({ code: 'approval_denied' });
    const declines = await connect(url, 'ann-token', () => ({ action: 'decline' }));
    const declined = (await declines.callTool({
      name: 'move_money',
      arguments: { amount: 2 },
    })) as CallToolResult;
    expect(declined.isError).toBe(true);
    expect(text(declined)).toContain('declined in the MCP client');
    expect(runs.count).toBe(0);
    const statuses = (await registry.approvals.list()).map((approval) => [
      approval.status,
      approval.decidedBy,
    ]);
    expect(statuses).toEqual([
      ['denied', 'ann'],
      ['denied', 'ann'],
    ]);
  });

  it('leaves the call pending when the person dismisses the form, naming the approval and the status tool', async () => {
    const { registry, runs } = bank();
    const { url } = await serve(registry);
    const client = await connect(url, 'ann-token', () => ({ action: 'cancel' }));
    const result = (await client.callTool({
      name: 'move_money',
      arguments: { amount: 3 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    const id = approvalIdOf(result);
    expect(text(result)).toContain('dismissed');
    expect(text(result)).toContain(`approval_status tool with {"approvalId": "${id}"}`);
    expect((await registry.approvals.get(id))?.status).toBe('pending');
    expect(runs.count).toBe(0);
  });

  it('treats an answer of the wrong shape as no answer: nothing runs and the call stays pending', async () => {
    const { registry, runs } = bank();
    const { url } = await serve(registry);
    const shapes: ElicitResult[] = [
      { action: 'accept', content: { approve: 'yes' } },
      { action: 'accept', content: { reason: 'sure' } },
      { action: 'accept', content: { approve: true, reason: 'x'.repeat(600) } },
    ];
    for (const shape of shapes) {
      const client = await connect(url, 'ann-token', () => shape);
      const result = (await client.callTool({
        name: 'move_money',
        arguments: { amount: 4 },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect((await registry.approvals.get(approvalIdOf(result)))?.status).toBe('pending');
    }
    expect(runs.count).toBe(0);
  });

  it('without elicitation, answers with the approval id; the status tool hands over the result once approved', async () => {
    const { registry, runs } = bank();
    const { url } = await serve(registry);
    const client = await connect(url, 'ann-token');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'move_money',
      'balance',
      'approval_status',
    ]);
    const paused = (await client.callTool({
      name: 'move_money',
      arguments: { amount: 7 },
    })) as CallToolResult;
    expect(paused.isError).toBe(true);
    expect(paused._meta?.['affordance/error']).toMatchObject({ code: 'approval_required' });
    const id = approvalIdOf(paused);
    const waiting = await client.callTool({ name: 'approval_status', arguments: { approvalId: id } });
    expect(waiting.structuredContent).toEqual({ approvalId: id, name: 'move_money', status: 'pending' });
    expect(text(waiting)).toContain('waiting for a person');
    await registry.approvals.approve(id, { by: 'boss' });
    const done = await client.callTool({ name: 'approval_status', arguments: { approvalId: id } });
    expect(done.isError).toBeFalsy();
    expect(text(done)).toBe('moved 7');
    expect(done.structuredContent).toMatchObject({ status: 'done', decidedBy: 'boss' });
    // The same user on another connection may read it too.
    const again = await connect(url, 'ann-2-token');
    expect(text(await again.callTool({ name: 'approval_status', arguments: { approvalId: id } }))).toBe(
      'moved 7',
    );
    expect(runs.count).toBe(1);
  });

  it('runs the call once when the inbox decides while the person is still looking at the form', async () => {
    const { registry, runs } = bank();
    const { url } = await serve(registry);
    const client = await connect(url, 'ann-token', async () => {
      const [waiting] = await registry.approvals.list({ status: 'pending' });
      await registry.approvals.approve(waiting!.id, { by: 'boss' });
      return { action: 'accept', content: { approve: true } };
    });
    const result = (await client.callTool({
      name: 'move_money',
      arguments: { amount: 6 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('decided by boss');
    const status = await client.callTool({
      name: 'approval_status',
      arguments: { approvalId: approvalIdOf(result) },
    });
    expect(text(status)).toBe('moved 6');
    expect(runs.count).toBe(1);
  });

  it('never elicits with `approvals: { elicit: false }`', async () => {
    const { registry } = bank();
    const { url } = await serve(registry, { approvals: { elicit: false } });
    let asked = 0;
    const client = await connect(url, 'ann-token', () => {
      asked++;
      return { action: 'accept', content: { approve: true } };
    });
    const result = (await client.callTool({
      name: 'move_money',
      arguments: { amount: 1 },
    })) as CallToolResult;
    expect(result._meta?.['affordance/error']).toMatchObject({ code: 'approval_required' });
    expect(asked).toBe(0);
  });
});

describe('approval_status abuse', () => {
  it("answers another user's approval, and a made-up id, exactly like an unknown one", async () => {
    const { registry } = bank();
    const { url } = await serve(registry);
    const ann = await connect(url, 'ann-token');
    const id = approvalIdOf(await ann.callTool({ name: 'move_money', arguments: { amount: 9 } }));
    await registry.approvals.approve(id, { by: 'boss' });
    const bob = await connect(url, 'bob-token');
    const stolen = await bob.callTool({ name: 'approval_status', arguments: { approvalId: id } });
    const madeUp = await bob.callTool({ name: 'approval_status', arguments: { approvalId: 'apr_made_up' } });
    expect(stolen.isError).toBe(true);
    expect(text(stolen)).toBe(`there is no approval ${id} of yours`);
    expect(text(madeUp)).toBe('there is no approval apr_made_up of yours');
    expect(JSON.stringify(stolen)).not.toContain('moved 9');
  });

  it('ties an anonymous approval to its session', async () => {
    const { registry } = bank();
    registry.register(
      defineAction({ name: 'wipe', description: 'Wipe', approval: 'always', handler: () => 'wiped' }),
    );
    const { url } = await serve(registry, { tokens: undefined });
    const first = await connect(url, undefined);
    const id = approvalIdOf(await first.callTool({ name: 'wipe', arguments: {} }));
    expect(
      (await first.callTool({ name: 'approval_status', arguments: { approvalId: id } })).isError,
    ).toBeFalsy();
    const second = await connect(url, undefined);
    const other = await second.callTool({ name: 'approval_status', arguments: { approvalId: id } });
    expect(other.isError).toBe(true);
    expect(text(other)).toBe(`there is no approval ${id} of yours`);
  });

  it('is neither listed nor callable for a user who sees no action needing approval', async () => {
    const { registry } = bank();
    const { url } = await serve(registry);
    const eve = await connect(url, 'eve-token');
    expect((await eve.listTools()).tools.map((tool) => tool.name)).toEqual(['balance']);
    await expect(
      eve.callTool({ name: 'approval_status', arguments: { approvalId: 'apr_x' } }),
    ).rejects.toThrow(/Unknown tool/);
  });

  it('refuses a status call without an id', async () => {
    const { registry } = bank();
    const { url } = await serve(registry);
    const ann = await connect(url, 'ann-token');
    const result = await ann.callTool({ name: 'approval_status', arguments: { approvalId: 42 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('approvalId is required');
  });
});
