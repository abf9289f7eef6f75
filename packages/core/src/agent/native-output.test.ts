import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentEvent } from './agent-events.js';
import { readJsonAnswer, resolveOutputMode } from './native-output.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

const registry = createRegistry({
  actions: [
    defineAction({
      name: 'weather',
      description: 'Weather in a city',
      input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
      handler: () => '12 °C',
    }),
  ],
});
const output = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
} as const;

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, note: { type: 'string' } },
  required: ['city'],
};
const reply = (text: string) => ({ text, toolCalls: [], finishReason: 'stop' as const });

describe('native structured output', () => {
  it('reads a JSON object, fenced or not, and drops the nulls strict mode sends for left-out properties', () => {
    expect(readJsonAnswer(reply('{"city":"Lyon","note":null}'), schema)).toEqual({
      ok: true,
      value: { city: 'Lyon' },
    });
    expect(readJsonAnswer(reply('```json\n{"city":"Lyon"}\n```'), schema)).toEqual({
      ok: true,
      value: { city: 'Lyon' },
    });
  });

  it('tells the model what is wrong with text that is not a JSON object', () => {
    expect(readJsonAnswer(reply('Lyon, 12 °C'), schema)).toMatchObject({ ok: false, message: /not JSON/ });
    expect(readJsonAnswer(reply('["Lyon"]'), schema)).toMatchObject({
      ok: false,
      message: /not a JSON object/,
    });
    expect(readJsonAnswer(reply(''), schema)).toMatchObject({ ok: false, message: /no text/ });
  });

  it('chooses native only when the model combines the format with tools (auto), and refuses what cannot work', () => {
    expect(resolveOutputMode(undefined, 'native', 'with-tools')).toBe('native');
    expect(resolveOutputMode('auto', 'native', 'alone')).toBe('tool');
    expect(resolveOutputMode('auto', 'text', 'with-tools')).toBe('tool');
    expect(resolveOutputMode('native', 'native', 'alone')).toBe('native');
    expect(resolveOutputMode('tool', 'native', 'with-tools')).toBe('tool');
    expect(() => resolveOutputMode('native', 'native', undefined)).toThrow(/structuredOutput/);
    expect(() => resolveOutputMode('native', 'text', 'with-tools')).toThrow(/native protocol/);
    expect(() => resolveOutputMode('json' as never, 'native', 'with-tools')).toThrow(/outputMode/);
  });
});

describe('runAgent with a native output', () => {
  it('sends the format with the tools (no done), sends a bad answer back, and types the good one', async () => {
    const model = createScriptedModel(
      [
        { toolCalls: [{ name: 'weather', args: { city: 'Lyon' } }] },
        '{"city":"Lyon"}',
        '{"city":"Lyon","celsius":12}',
      ],
      { structuredOutput: 'with-tools' },
    );
    const result = await runAgent({ model, registry, input: 'Weather in Lyon?', output });
    expect(result).toMatchObject({ status: 'done', steps: 3, output: { city: 'Lyon', celsius: 12 } });
    const celsius: number | undefined = result.output?.celsius;
    expect(celsius).toBe(12);
    for (const request of model.requests) {
      expect(request.responseFormat).toMatchObject({ type: 'json', name: 'final_answer', schema: output });
      expect((request.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([
        'weather',
      ]);
    }
    expect(model.requests[2]?.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/does not match the required schema/),
    });
  });

  it('a model that takes the format only alone gets a JSON turn without tools, streamed like any reply', async () => {
    const model = createScriptedModel(['It is 12 °C in Lyon.', '{"city":"Lyon","celsius":12}'], {
      structuredOutput: 'alone',
    });
    const deltas: string[] = [];
    const onEvent = (event: AgentEvent) => {
      if (event.type === 'text-delta') deltas.push(event.delta);
    };
    const result = await runAgent({
      model,
      registry,
      input: 'Weather in Lyon?',
      output,
      outputMode: 'native',
      stream: true,
      onEvent,
    });
    expect(result).toMatchObject({ status: 'done', steps: 1, output: { city: 'Lyon', celsius: 12 } });
    const [tools, json] = model.requests;
    expect(tools?.responseFormat).toBeUndefined();
    expect(json?.tools).toBeUndefined();
    expect(json?.responseFormat).toMatchObject({ schema: output });
    expect(json?.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'It is 12 °C in Lyon.' },
      { role: 'user', content: expect.stringMatching(/as one JSON object/) },
    ]);
    expect(deltas.join('')).toBe('It is 12 °C in Lyon.{"city":"Lyon","celsius":12}');
  });
});
