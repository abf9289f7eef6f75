import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { FINAL_ANSWER } from './final-output.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

function weather() {
  return createRegistry({
    actions: [
      defineAction({
        name: 'weather_get',
        description: 'The weather in a city',
        input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
        handler: ({ city }) => `${city}: 21°C, sunny`,
      }),
    ],
  });
}

const Forecast = z.object({ city: z.string(), celsius: z.number() });
const finalAnswer = (args: Record<string, unknown>) => ({ toolCalls: [{ name: FINAL_ANSWER, args }] });

describe('structured output', () => {
  it('offers final_answer instead of done and returns the validated, typed value (zod)', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'weather_get', args: { city: 'Lyon' } }] },
      finalAnswer({ city: 'Lyon', celsius: 21 }),
    ]);
    const result = await runAgent({
      model,
      registry: weather(),
      input: 'Weather in Lyon?',
      output: Forecast,
    });
    expect(result).toMatchObject({ status: 'done', output: { city: 'Lyon', celsius: 21 } });
    expectTypeOf(result.output).toEqualTypeOf<{ city: string; celsius: number } | undefined>();
    const tools = (model.requests[0]?.tools ?? []) as Array<{
      function: { name: string; parameters: { properties: object } };
    }>;
    expect(tools.map((tool) => tool.function.name)).toEqual(['weather_get', 'final_answer']);
    expect(Object.keys(tools[1]?.function.parameters.properties ?? {})).toEqual(['city', 'celsius']);
  });

  it('sends an invalid answer back to be fixed, then accepts the fixed one (JSON Schema)', async () => {
    const schema = {
      type: 'object',
      properties: { title: { type: 'string' }, stars: { type: 'integer', minimum: 1, maximum: 5 } },
      required: ['title', 'stars'],
      additionalProperties: false,
    } as const;
    const model = createScriptedModel([
      finalAnswer({ title: 'Dune', stars: 9 }),
      'It is Dune, five stars.',
      finalAnswer({ title: 'Dune', stars: 5 }),
    ]);
    const result = await runAgent({ model, registry: weather(), input: 'Rate Dune', output: schema });
    expect(result).toMatchObject({ status: 'done', steps: 3, output: { title: 'Dune', stars: 5 } });
    expectTypeOf(result.output).toEqualTypeOf<{ title: string; stars: number } | undefined>();
    // The first answer's tool result names the problem; the text-only answer is told to call final_answer.
    expect(result.messages[2]).toMatchObject({
      role: 'tool',
      toolResults: [{ name: FINAL_ANSWER, ok: false }],
    });
    const refusal = (result.messages[2] as { toolResults: ReadonlyArray<{ output: string }> }).toolResults[0]
      ?.output;
    expect(refusal).toMatch(/stars/);
    expect(refusal).toMatch(/Call final_answer again/);
    expect(result.messages[4]).toEqual({
      role: 'user',
      content:
        'You answered without calling final_answer. Finish by calling final_answer with your final answer as its arguments.',
    });
  });

  it('ends output_failed with the reason once the retries are used up', async () => {
    const model = createScriptedModel([
      finalAnswer({ city: 'Lyon' }),
      finalAnswer({ city: 'Lyon', celsius: 'warm' }),
      finalAnswer({ city: 'Lyon', celsius: 'never asked' }),
    ]);
    const result = await runAgent({
      model,
      registry: weather(),
      input: 'Weather?',
      output: Forecast,
      outputRetries: 1,
    });
    expect(result).toMatchObject({ status: 'output_failed', steps: 2 });
    expect(result.output).toBeUndefined();
    expect(result.outputError).toMatch(/celsius/);
    expect(model.remaining).toBe(1);
  });

  it('the text protocol carries the answer in done', async () => {
    const model = createScriptedModel(
      ['{"action": "done", "city": "Oslo"}', '{"action": "done", "city": "Oslo", "celsius": -3}'],
      { supportsTools: false },
    );
    const result = await runAgent({ model, registry: weather(), input: 'Weather?', output: Forecast });
    expect(result).toMatchObject({ status: 'done', protocol: 'text', output: { city: 'Oslo', celsius: -3 } });
    const prompt = String(model.requests[0]?.messages[0]?.content);
    expect(prompt).toContain('celsius');
    expect(String(model.requests[1]?.messages.at(-1)?.content)).toMatch(/celsius/);
  });

  it('completion conditions still run on a valid answer; a bad outputRetries is refused', async () => {
    let checks = 0;
    const model = createScriptedModel([finalAnswer({ city: 'Rome', celsius: 30 })]);
    const result = await runAgent({
      model,
      registry: weather(),
      input: 'Weather?',
      output: Forecast,
      completion: {
        conditions: [
          async () => {
            checks++;
            return { ok: true, message: 'fine' };
          },
        ],
      },
    });
    expect(result).toMatchObject({ status: 'done', output: { city: 'Rome', celsius: 30 } });
    expect(checks).toBe(1);
    await expect(
      runAgent({ model, registry: weather(), input: 'x', output: Forecast, outputRetries: -1 }),
    ).rejects.toThrow(/outputRetries/);
  });
});
