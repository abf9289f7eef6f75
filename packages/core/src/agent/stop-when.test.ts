import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { runAgent } from './run-agent.js';
import { hasToolCall, stepCountIs } from './stop-when.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

function notes() {
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
      defineAction({
        name: 'note_list',
        description: 'List the notes',
        input: { type: 'object', properties: {} } as const,
        handler: () => ran.map((note) => (note as { text: string }).text),
      }),
    ],
  });
  return { registry, ran };
}

const add = (text: string) => ({ toolCalls: [{ name: 'note_add', args: { text } }] });

describe('stopWhen', () => {
  it('stepCountIs ends the run stopped after that many steps, naming the rule', async () => {
    const { registry, ran } = notes();
    const model = createScriptedModel([add('a'), add('b'), add('c'), add('d')]);
    const result = await runAgent({ model, registry, input: 'add notes', stopWhen: stepCountIs(2) });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'stepCountIs(2)', steps: 2 });
    expect(ran).toEqual([{ text: 'a' }, { text: 'b' }]);
    expect(model.remaining).toBe(2);
    // The record stays whole: the last step's call has its result in the conversation.
    expect(result.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolResults: [{ ok: true, output: 'added' }],
    });
  });

  it('hasToolCall stops after the step that called the tool, and the first rule that fires is named', async () => {
    const { registry } = notes();
    const model = createScriptedModel([
      add('a'),
      { toolCalls: [{ name: 'note_list', args: {} }] },
      add('never'),
    ]);
    const result = await runAgent({
      model,
      registry,
      input: 'go',
      stopWhen: [stepCountIs(5), hasToolCall('note_list')],
    });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'hasToolCall("note_list")', steps: 2 });
  });

  it('a custom rule is shown the steps so far; done and maxSteps still end the run their own way', async () => {
    const { registry } = notes();
    const seen: number[][] = [];
    const model = createScriptedModel([add('a'), add('b'), 'All done.']);
    const result = await runAgent({
      model,
      registry,
      input: 'go',
      stopWhen: ({ steps }) => {
        seen.push(steps.map((step) => step.step));
        return false;
      },
    });
    expect(result.status).toBe('done');
    // Called after each step that did not end the run, not after the final answer.
    expect(seen).toEqual([[1], [1, 2]]);
    const capped = await runAgent({
      model: createScriptedModel([add('x'), add('y')]),
      registry,
      input: 'go',
      maxSteps: 1,
      stopWhen: stepCountIs(3),
    });
    expect(capped).toMatchObject({ status: 'max_steps', steps: 1 });
    expect(capped.stoppedBy).toBeUndefined();
  });

  it('an async rule and an unnamed rule are named by position', async () => {
    const { registry } = notes();
    const result = await runAgent({
      model: createScriptedModel([add('a'), add('b')]),
      registry,
      input: 'go',
      stopWhen: [async () => false, async ({ step }) => step === 1],
    });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'stopWhen[1]', steps: 1 });
  });

  it('hasToolCall also sees the text protocol calls', async () => {
    const { registry } = notes();
    const model = createScriptedModel(['{"action": "note_list"}', '{"action": "note_add", "text": "x"}'], {
      supportsTools: false,
    });
    const result = await runAgent({ model, registry, input: 'go', stopWhen: hasToolCall('note_list') });
    expect(result).toMatchObject({ status: 'stopped', protocol: 'text', steps: 1 });
  });
});
