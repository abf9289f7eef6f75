import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { resumeAgent } from '../agent/resume-agent.js';
import { runAgent } from '../agent/run-agent.js';
import { createScriptedModel, type ScriptedReply } from '../agent/testing/create-scripted-model.js';
import { createRegistry } from '../registry/create-registry.js';
import { traceAgent, traceCalls } from './index.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
afterAll(() => trace.disable());
beforeEach(() => exporter.reset());

function travel() {
  return createRegistry({
    observers: [traceCalls()],
    actions: [
      defineAction({
        name: 'weather_get',
        description: 'The weather in a city',
        input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
        handler: ({ city }) => `${city}: sunny`,
      }),
      defineAction({
        name: 'trip_plan',
        description: 'Plan a trip to a city',
        input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
        handler: async ({ city }, ctx) => {
          const weather = await ctx.run({ name: 'weather_get', args: { city } });
          return weather.ok ? `Go to ${city}, ${String(weather.value)}` : 'Stay home';
        },
      }),
    ],
  });
}

// The scripted model, reporting token usage like a provider does.
function withUsage(replies: readonly ScriptedReply[]) {
  const model = createScriptedModel(replies, { id: 'openai:gpt-test' });
  return {
    ...model,
    generate: async (request: Parameters<typeof model.generate>[0]) => ({
      ...(await model.generate(request)),
      usage: { inputTokens: 100, outputTokens: 20 },
    }),
  };
}

const byName = (spans: readonly ReadableSpan[], name: string) => {
  const found = spans.find((span) => span.name === name);
  if (!found) throw new Error(`no span ${name} in ${spans.map((span) => span.name).join(', ')}`);
  return found;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('traceAgent', () => {
  it('writes run → step → chat / execute_tool → registry call → nested ctx.run, each with its parent', async () => {
    const model = withUsage([
      { toolCalls: [{ id: 'c1', name: 'trip_plan', args: { city: 'Nice' } }] },
      'Done.',
    ]);
    const result = await runAgent({
      model,
      registry: travel(),
      input: 'Plan a trip',
      telemetry: traceAgent(),
    });
    expect(result.status).toBe('done');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name).sort()).toEqual(
      [
        'invoke_agent affordance',
        'step 1',
        'chat gpt-test',
        'execute_tool trip_plan',
        'affordance.run trip_plan',
        'affordance.run weather_get',
        'step 2',
        'chat gpt-test',
      ].sort(),
    );
    const run = byName(spans, 'invoke_agent affordance');
    const step1 = byName(spans, 'step 1');
    const chat = spans.filter((span) => span.name === 'chat gpt-test');
    const tool = byName(spans, 'execute_tool trip_plan');
    const call = byName(spans, 'affordance.run trip_plan');
    const nested = byName(spans, 'affordance.run weather_get');
    expect(parentOf(run)).toBeUndefined();
    expect(parentOf(step1)).toBe(run.spanContext().spanId);
    expect(parentOf(byName(spans, 'step 2'))).toBe(run.spanContext().spanId);
    expect(parentOf(chat[0]!)).toBe(step1.spanContext().spanId);
    expect(parentOf(tool)).toBe(step1.spanContext().spanId);
    expect(parentOf(call)).toBe(tool.spanContext().spanId);
    expect(parentOf(nested)).toBe(call.spanContext().spanId);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(run.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.conversation.id': result.sessionId,
      'gen_ai.usage.input_tokens': 200,
      'gen_ai.usage.output_tokens': 40,
      'affordance.status': 'done',
    });
    expect(chat[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 20,
      'gen_ai.response.finish_reasons': ['tool-calls'],
    });
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'trip_plan',
      'gen_ai.tool.call.id': 'c1',
      'affordance.call_status': 'ok',
    });
  });

  it('marks a failed tool call and a failing run as errors; without telemetry no agent span is written', async () => {
    const failing = createScriptedModel([{ toolCalls: [{ name: 'trip_plan', args: {} }] }]);
    const result = await runAgent({
      model: failing,
      registry: travel(),
      input: 'x',
      maxSteps: 1,
      telemetry: traceAgent({ agentName: 'planner' }),
    });
    expect(result.status).toBe('max_steps');
    const spans = exporter.getFinishedSpans();
    expect(byName(spans, 'execute_tool trip_plan').status).toMatchObject({
      code: 2,
      message: 'invalid_args',
    });
    expect(byName(spans, 'invoke_agent planner').status).toMatchObject({ code: 2, message: 'max_steps' });
    exporter.reset();
    const thrown = createScriptedModel([]);
    await expect(
      runAgent({ model: thrown, registry: travel(), input: 'x', telemetry: traceAgent() }),
    ).rejects.toThrow(/no reply left/);
    const afterThrow = exporter.getFinishedSpans();
    expect(byName(afterThrow, 'chat test').status.code).toBe(2);
    expect(byName(afterThrow, 'invoke_agent affordance').events[0]?.name).toBe('exception');
    exporter.reset();
    await runAgent({ model: createScriptedModel(['hi']), registry: travel(), input: 'x' });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('a run paused on an approval is not an error, and its resume is a run of its own naming it', async () => {
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'money_send',
          description: 'Send money',
          input: { type: 'object', properties: { amount: { type: 'number' } } } as const,
          approval: 'always',
          handler: ({ amount }) => `sent ${amount}`,
        }),
      ],
    });
    const user = { id: 'alice' };
    const model = createScriptedModel([
      { toolCalls: [{ name: 'money_send', args: { amount: 5 } }] },
      'Paid.',
    ]);
    const telemetry = traceAgent();
    const paused = await runAgent({ model, registry, user, input: 'pay', telemetry });
    expect(paused.status).toBe('interrupted');
    const first = byName(exporter.getFinishedSpans(), 'invoke_agent affordance');
    expect(first.status.code).toBe(0);
    expect(byName(exporter.getFinishedSpans(), 'execute_tool money_send').attributes).toMatchObject({
      'affordance.call_status': 'pending',
    });
    exporter.reset();
    const resumed = await resumeAgent({
      model,
      registry,
      user,
      runId: paused.runId,
      decisions: [{ interruptId: paused.interrupts![0]!.id, approved: true }],
      telemetry,
    });
    expect(resumed.status).toBe('done');
    const run = byName(exporter.getFinishedSpans(), 'invoke_agent affordance');
    expect(run.attributes).toMatchObject({
      'affordance.resumed_from': paused.runId,
      'affordance.status': 'done',
    });
    expect(byName(exporter.getFinishedSpans(), 'step 2').parentSpanContext?.spanId).toBe(
      run.spanContext().spanId,
    );
  });
});
