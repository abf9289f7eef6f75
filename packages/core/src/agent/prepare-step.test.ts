import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { offerRelevantTools } from './prepare-step.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

function shop() {
  const ran: string[] = [];
  const action = (name: string, description: string, roles?: string[]) =>
    defineAction({
      name,
      description,
      input: { type: 'object', properties: {} } as const,
      ...(roles ? { roles } : {}),
      handler: () => {
        ran.push(name);
        return `${name} ran`;
      },
    });
  const registry = createRegistry({
    actions: [
      action('cart_add', 'Add a product to the shopping cart'),
      action('cart_clear', 'Remove every product from the shopping cart'),
      action('invoice_print', 'Print the invoice of an order'),
      action('refund_issue', 'Refund an order to the customer', ['admin']),
    ],
  });
  return { registry, ran };
}

const offeredNames = (request: { tools?: readonly unknown[] } | undefined) =>
  ((request?.tools ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name);

describe('prepareStep', () => {
  it('changes one step: its system prompt, messages, model and offered tools', async () => {
    const { registry } = shop();
    const first = createScriptedModel([{ toolCalls: [{ name: 'cart_add' }] }], { id: 'scripted:first' });
    const second = createScriptedModel(['Added.'], { id: 'scripted:second' });
    const result = await runAgent({
      model: first,
      registry,
      input: 'add a product',
      system: 'Be brief.',
      prepareStep: ({ step, messages }) =>
        step === 1
          ? { activeTools: ['cart_add', 'invoice_print'], system: 'Step one.' }
          : {
              model: second,
              messages: [{ role: 'user', content: `summary of ${messages.length} messages` }],
            },
    });
    expect(result.status).toBe('done');
    expect(offeredNames(first.requests[0])).toEqual(['cart_add', 'invoice_print', 'done']);
    expect(first.requests[0]?.messages[0]).toEqual({ role: 'system', content: 'Step one.' });
    expect(second.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'summary of 3 messages' },
    ]);
    // Without a user, role checks do not narrow the list; the second step offers everything again.
    expect(offeredNames(second.requests[0])).toEqual([
      'cart_add',
      'cart_clear',
      'invoice_print',
      'refund_issue',
      'done',
    ]);
    // The step's messages are for that request only: the run keeps the real conversation.
    expect(result.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('cannot offer an action the user may not call, and the pipeline still refuses a call to it', async () => {
    const { registry, ran } = shop();
    const model = createScriptedModel([{ toolCalls: [{ name: 'refund_issue' }] }, 'I cannot refund.']);
    const result = await runAgent({
      model,
      registry,
      input: 'refund my order',
      user: { id: 'ana', roles: ['customer'] },
      prepareStep: () => ({ activeTools: ['refund_issue', 'cart_add'] }),
    });
    expect(offeredNames(model.requests[0])).toEqual(['cart_add', 'done']);
    expect(ran).toEqual([]);
    const tool = result.messages.find((message) => message.role === 'tool');
    expect(tool).toMatchObject({ toolResults: [{ name: 'refund_issue', ok: false }] });
    expect(result.status).toBe('done');
  });

  it('offerRelevantTools offers the actions ranked for the latest user message (native and text)', async () => {
    const { registry } = shop();
    const native = createScriptedModel(['ok']);
    await runAgent({
      model: native,
      registry,
      input: 'put a product in my shopping cart',
      prepareStep: offerRelevantTools({ limit: 2 }),
    });
    const names = offeredNames(native.requests[0]);
    expect(names).toHaveLength(3);
    expect(names.slice(0, 2).sort()).toEqual(['cart_add', 'cart_clear']);
    const text = createScriptedModel(['ok'], { supportsTools: false });
    await runAgent({
      model: text,
      registry,
      input: 'print the invoice',
      prepareStep: offerRelevantTools({ limit: 1 }),
    });
    const prompt = String(text.requests[0]?.messages[0]?.content);
    expect(prompt).toContain('invoice_print');
    expect(prompt).not.toContain('cart_add');
  });

  it('a model without tools cannot be swapped into a native run', async () => {
    const { registry } = shop();
    const plain = createScriptedModel(['hi'], { supportsTools: false, id: 'scripted:plain' });
    await expect(
      runAgent({
        model: createScriptedModel([]),
        registry,
        input: 'x',
        prepareStep: () => ({ model: plain }),
      }),
    ).rejects.toThrow(/scripted:plain does not support tools/);
  });

  it('narrows the text protocol actions prompt too, and a refused call still goes back to the model', async () => {
    const { registry, ran } = shop();
    const model = createScriptedModel(['{"action": "refund_issue"}', 'Sorry.'], { supportsTools: false });
    const result = await runAgent({
      model,
      registry,
      input: 'refund',
      user: { id: 'ana', roles: ['customer'] },
      prepareStep: () => ({ activeTools: ['invoice_print', 'refund_issue'] }),
    });
    const prompt = String(model.requests[0]?.messages[0]?.content);
    expect(prompt).toContain('### invoice_print');
    expect(prompt).not.toContain('cart_add');
    expect(prompt).not.toContain('### refund_issue');
    expect(ran).toEqual([]);
    expect(result.status).toBe('done');
    expect(String(model.requests[1]?.messages.at(-1)?.content)).toMatch(/refund_issue/);
  });
});
