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
import { listenMCP } from '../node/index.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const ADDRESS = {
  type: 'object',
  properties: { street: { type: 'string', minLength: 3 } },
  required: ['street'],
};
const CONFIRM = { type: 'object', properties: { sure: { type: 'boolean' } }, required: ['sure'] };

/** `order_ship` asks where to ship, then to confirm; `shipped` lists what really shipped. */
function shop(): { registry: Registry; shipped: string[] } {
  const shipped: string[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'order_ship',
        description: 'Ship an order',
        input: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } as const,
        handler: ({ order }, ctx) => {
          const { street } = ctx.ask<{ street: string }>({ message: 'Which street?', schema: ADDRESS });
          const { sure } = ctx.ask<{ sure: boolean }>({
            key: 'confirm',
            message: `Ship ${order} to ${street}?`,
            schema: CONFIRM,
          });
          if (!sure) return 'not shipped';
          shipped.push(`${order}@${street}`);
          return `shipped ${order} to ${street}`;
        },
      }),
    ],
  });
  return { registry, shipped };
}

type Answer = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;

async function connect(registry: Registry, answer?: Answer): Promise<Client> {
  const listener = await listenMCP(registry, {});
  closers.push(() => listener.close());
  const client = new Client(
    { name: 'input-test', version: '1.0.0' },
    answer ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request) => answer(request));
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  closers.push(() => client.close());
  return client;
}

const text = (result: unknown) =>
  (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe('actions that ask for input over MCP (official client)', () => {
  it('asks each question through elicitation with the action’s schema and runs the call once with the answers', async () => {
    const { registry, shipped } = shop();
    const asked: ElicitRequest['params'][] = [];
    const answers: ElicitResult[] = [
      { action: 'accept', content: { street: '1 Main St' } },
      { action: 'accept', content: { sure: true } },
    ];
    const client = await connect(registry, (request) => {
      asked.push(request.params);
      return answers[asked.length - 1]!;
    });
    const result = (await client.callTool({
      name: 'order_ship',
      arguments: { order: 'o-7' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe('shipped o-7 to 1 Main St');
    expect(shipped).toEqual(['o-7@1 Main St']);
    expect(asked).toMatchObject([
      { mode: 'form', message: 'Which street?', requestedSchema: ADDRESS },
      { mode: 'form', message: 'Ship o-7 to 1 Main St?', requestedSchema: CONFIRM },
    ]);
  });

  it('a declined question, an answer outside the schema or a client without elicitation ships nothing', async () => {
    const { registry, shipped } = shop();
    const declines = await connect(registry, () => ({ action: 'decline' }));
    const declined = (await declines.callTool({
      name: 'order_ship',
      arguments: { order: 'o-1' },
    })) as CallToolResult;
    expect(declined.isError).toBe(true);
    expect(declined._meta?.['affordance/error']).toMatchObject({ code: 'input_required' });
    expect(text(declined)).toContain('Which street?');
    const wrong = await connect(registry, () => ({ action: 'accept', content: { street: 'x' } }));
    const refused = (await wrong.callTool({
      name: 'order_ship',
      arguments: { order: 'o-2' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('Which street?');
    const plain = await connect(registry);
    const unasked = (await plain.callTool({
      name: 'order_ship',
      arguments: { order: 'o-3' },
    })) as CallToolResult;
    expect(unasked.isError).toBe(true);
    expect(unasked._meta?.['affordance/error']).toMatchObject({ code: 'input_required' });
    expect(shipped).toEqual([]);
  });
});
