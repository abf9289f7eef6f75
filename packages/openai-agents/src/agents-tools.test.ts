import { createRegistry, defineAction } from '@affordance/core';
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { notesRegistry } from '../../../test/support/notes-registry.js';
import type { AffordanceRunContext } from './agents-context.js';
import { agentsTools } from './agents-tools.js';
import { callsTool, ScriptedModel, says } from './scripted-model.fixture.js';

beforeAll(() => setTracingDisabled(true));

const bob = { id: 'bob', roles: ['viewer'] };

/** What each tool call answered the model, in order. */
function toolOutputs(items: readonly { type: string }[]): unknown[] {
  return items
    .filter((item) => item.type === 'tool_call_output_item')
    .map((item) => (item as unknown as { output: unknown }).output);
}

describe('agentsTools with the SDK run loop', () => {
  it('offers each available action as a function tool with its JSON schema, strict where it can be', () => {
    const { registry } = notesRegistry();
    const tools = agentsTools(registry);
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ['notes_read', true],
      ['notes_delete', true],
    ]);
    expect(tools[0]).toMatchObject({
      type: 'function',
      description: 'Read one note by id',
      parameters: { type: 'object', required: ['id'], additionalProperties: false },
    });
  });

  it('runs a call through the pipeline with the user and session of the RunContext, and audits it', async () => {
    const { registry } = notesRegistry();
    const model = new ScriptedModel([callsTool('notes_read', { id: 'n1' }, 'c1'), says('It says: Buy milk')]);
    const agent = new Agent<AffordanceRunContext>({ name: 'notes', model, tools: agentsTools(registry) });
    const result = await run(agent, 'What does n1 say?', { context: { user: bob, sessionId: 's1' } });
    expect(result.finalOutput).toBe('It says: Buy milk');
    expect(toolOutputs(result.newItems)).toEqual(['Buy milk']);
    const { records } = await registry.store.audit.query({ sessionId: 's1' });
    expect(records.map((record) => [record.name, record.userId, record.outcome, record.toolCallId])).toEqual([
      ['notes.read', 'bob', 'ok', 'c1'],
    ]);
  });

  it('answers refused calls (role, `when`, invalid arguments, rate limit) with the fix-it text', async () => {
    const { registry, deleted } = notesRegistry();
    const model = new ScriptedModel([
      [
        ...callsTool('notes_delete', { id: 'n1' }, 'del'),
        ...callsTool('notes_publish', {}, 'pub'),
        ...callsTool('notes_read', { id: 7 }, 'bad'),
      ],
      callsTool('notes_read', { id: 'n1' }, 'r1'),
      callsTool('notes_read', { id: 'n2' }, 'r2'),
      callsTool('notes_read', { id: 'n1' }, 'r3'),
      says('Some of that did not work.'),
    ]);
    const tools = agentsTools(registry, { context: { ready: true } });
    const agent = new Agent<AffordanceRunContext>({ name: 'notes', model, tools });
    const result = await run(agent, 'Do it all', {
      context: { user: bob, context: { ready: false }, sessionId: 's2' },
    });
    const outputs = toolOutputs(result.newItems) as string[];
    expect(outputs[0]).toMatch(/^Error \(forbidden\): /);
    expect(outputs[1]).toBe(
      'Error (unavailable): notes.publish is unavailable: the notebook is not ready: finish the draft first',
    );
    expect(outputs[2]).toMatch(/^Error \(invalid_args\): .*id/);
    expect(outputs.slice(3)).toEqual([
      'Buy milk',
      'Call Ana',
      expect.stringMatching(/^Error \(rate_limited\): /),
    ]);
    expect(deleted).toEqual([]);
    expect(result.finalOutput).toBe('Some of that did not work.');
    // The model read each answer on its next turn.
    expect(JSON.stringify(model.requests[1]?.input)).toContain('Error (forbidden)');
    const { records } = await registry.store.audit.query({ sessionId: 's2', outcome: 'error' });
    expect(records.map((record) => record.errorCode).sort()).toEqual([
      'forbidden',
      'invalid_args',
      'rate_limited',
      'unavailable',
    ]);
  });

  it('sends a schema with optional fields as strict, and the nulls strict mode asks for never reach the handler', async () => {
    const added: unknown[] = [];
    const add = defineAction({
      name: 'add',
      description: 'Add a note',
      input: {
        type: 'object',
        properties: { text: { type: 'string' }, tag: { type: 'string' } },
        required: ['text'],
        additionalProperties: false,
      },
      handler: (input) => {
        added.push(input);
        return 'added';
      },
    });
    const registry = createRegistry({ actions: [add] });
    const [tool] = agentsTools(registry);
    expect(tool).toMatchObject({ strict: true, parameters: { required: ['text', 'tag'] } });
    const model = new ScriptedModel([callsTool('add', { text: 'milk', tag: null }, 'c-add'), says('Added.')]);
    const agent = new Agent<AffordanceRunContext>({ name: 'notes', model, tools: [tool!] });
    const result = await run(agent, 'Note: milk', { context: {} });
    expect(toolOutputs(result.newItems)).toEqual(['added']);
    expect(added).toEqual([{ text: 'milk' }]);
  });
});
