import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { AffordanceError } from '../errors/action-error.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentEvent } from './agent-events.js';
import { prepareClientTools } from './client-tools.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

function setup() {
  const ran: unknown[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'note_add',
        description: 'Add a note',
        input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const,
        handler: (args) => {
          ran.push(args);
          return 'added';
        },
      }),
    ],
  });
  return { registry, ran };
}

const confirm = {
  name: 'confirmChoice',
  description: 'Ask the user',
  parameters: { type: 'object', properties: { question: { type: 'string' } } },
};

describe('client tools in runAgent', () => {
  it('offers client tools, runs the server calls of the step, and ends awaiting the client calls', async () => {
    const { registry, ran } = setup();
    const model = createScriptedModel([
      {
        text: 'One note, then I ask.',
        toolCalls: [
          { id: 'c1', name: 'note_add', args: { text: 'hi' } },
          { id: 'c2', name: 'confirmChoice', args: { question: 'ok?' } },
        ],
      },
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      model,
      registry,
      input: 'go',
      clientTools: [confirm],
      onEvent: (event) => events.push(event),
    });
    const offered = (model.requests[0]?.tools ?? []) as Array<{ function: { name: string } }>;
    expect(offered.map((tool) => tool.function.name)).toEqual(['note_add', 'done', 'confirmChoice']);
    expect(ran).toEqual([{ text: 'hi' }]);
    expect(result).toMatchObject({
      status: 'awaiting_client',
      steps: 1,
      clientCalls: [{ id: 'c2', name: 'confirmChoice', args: { question: 'ok?' } }],
    });
    expect(events.filter((event) => event.type === 'client-call')).toHaveLength(1);
    expect(result.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: 'One note, then I ask.',
        toolCalls: [
          { id: 'c1', name: 'note_add', args: { text: 'hi' } },
          { id: 'c2', name: 'confirmChoice', args: { question: 'ok?' } },
        ],
      },
      {
        role: 'tool',
        content: '',
        toolResults: [{ toolCallId: 'c1', name: 'note_add', ok: true, output: 'added' }],
      },
    ]);
  });

  it('waits for the client even when the model also calls done', async () => {
    const { registry } = setup();
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'confirmChoice' },
          { id: 'd', name: 'done' },
        ],
      },
    ]);
    const result = await runAgent({ model, registry, input: 'go', clientTools: [confirm] });
    expect(result.status).toBe('awaiting_client');
    const tool = result.messages.at(-1);
    expect(tool).toMatchObject({ role: 'tool', toolResults: [{ toolCallId: 'd', ok: false }] });
  });

  it('lists client tools in the text protocol and hands their calls to the client', async () => {
    const { registry, ran } = setup();
    const model = createScriptedModel(
      [
        'Adding it.\n{"action": "note_add", "text": "hi"}',
        'Now I ask.\n{"action": "confirmChoice", "question": "ok?"}',
      ],
      { supportsTools: false },
    );
    const result = await runAgent({ model, registry, input: 'go', clientTools: [confirm] });
    const prompt = String(model.requests[0]?.messages[0]?.content);
    expect(prompt).toContain('### note_add');
    expect(prompt).toContain('### confirmChoice');
    expect(prompt.indexOf('### confirmChoice')).toBeGreaterThan(prompt.indexOf('### note_add'));
    expect(ran).toEqual([{ text: 'hi' }]);
    expect(result).toMatchObject({
      status: 'awaiting_client',
      steps: 2,
      clientCalls: [{ name: 'confirmChoice', args: { question: 'ok?' } }],
    });
  });

  it('leaves out a client tool named like a registry action: the server runs the action', async () => {
    const { registry, ran } = setup();
    const mirrored = { name: 'note_add', description: 'the same action, mirrored by the client' };
    const prepared = prepareClientTools([mirrored, confirm], 'openai', registry);
    expect(prepared.shadowed).toEqual(['note_add']);
    expect([...prepared.names.values()]).toEqual(['confirmChoice']);
    const model = createScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'note_add', args: { text: 'x' } }] },
      'Ok.',
    ]);
    const result = await runAgent({ model, registry, input: 'go', clientTools: [mirrored] });
    expect(result.status).toBe('done');
    expect(ran).toEqual([{ text: 'x' }]);
    const offered = (model.requests[0]?.tools ?? []) as Array<{ function: { name: string } }>;
    expect(offered.map((tool) => tool.function.name)).toEqual(['note_add', 'done']);
  });

  it('refuses malformed or duplicate client tools with invalid_option', () => {
    const { registry } = setup();
    const cases: Array<[unknown[], RegExp]> = [
      [[{ name: 'x' }], /string name and description/],
      [[confirm, confirm], /given twice/],
      [[{ name: 'bad name!', description: 'd' }], /client tool is not valid/],
      [[{ name: 'x', description: 'd', parameters: { type: 'nope' } }], /client tool is not valid/],
    ];
    for (const [tools, message] of cases) {
      let caught: unknown;
      try {
        prepareClientTools(tools as never, 'openai', registry);
      } catch (error) {
        caught = error;
      }
      expect(caught, JSON.stringify(tools)).toBeInstanceOf(AffordanceError);
      expect((caught as AffordanceError).code).toBe('invalid_option');
      expect((caught as Error).message).toMatch(message);
    }
  });
});
