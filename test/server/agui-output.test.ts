// /agui with agent.json's `run` block: a typed final answer in RUN_FINISHED.result.output (what @ag-ui/client's
// HttpAgent.runAgent() returns as `result`), stop rules, and OpenTelemetry spans. The model side replays Chat
// Completions streams built on a recording from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0):
// the JSON answers are the recording's text stream with JSON put in (replay-model.ts).
import { type ConfiguredRunOptions, configuredRun } from '@affordance/core/agent';
import { validateAgentConfig } from '@affordance/core/detect';
import { traceAgent } from '@affordance/core/tracing';
import type { BaseEvent } from '@ag-ui/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { agentFor, closeAll, expectValidStream, lastRequest, listen, replay } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

const schema = {
  type: 'object',
  properties: { shape: { type: 'string' }, color: { type: 'string' } },
  required: ['shape', 'color'],
  additionalProperties: false,
};
const paint = { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } };

function configured(run: unknown, telemetry?: ConfiguredRunOptions['telemetry']) {
  const checked = validateAgentConfig({ run });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return configuredRun(checked.config, telemetry ? { telemetry } : {});
}

async function run(agent: ReturnType<typeof agentFor>, forwardedProps?: Record<string, unknown>) {
  const events: BaseEvent[] = [];
  const outcome = await agent.runAgent(forwardedProps ? { forwardedProps } : {}, {
    onEvent: ({ event }) => {
      events.push(event);
    },
  });
  return { events, result: outcome.result as Record<string, unknown> | undefined };
}

describe('POST /agui with agent.json run settings', () => {
  it('ends with the validated answer in RUN_FINISHED.result.output, and traces the run', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const agent = configured({ output: schema, telemetry: { agentName: 'painter' } }, (settings) =>
      traceAgent({ ...settings, tracer: provider.getTracer('test') }),
    );
    const model = await replay([
      replyFrames('Painting.', [paint]),
      replyFrames('{"shape":"shape-1","color":"#ff0000"}'),
    ]);
    const { url } = await listen({ model: model.model, agent });
    const { events, result } = await run(agentFor(url, 'thread-output', 'Make shape-1 red'));
    await expectValidStream(events);
    const answer = { shape: 'shape-1', color: '#ff0000' };
    expect(events.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      outcome: { type: 'success' },
      result: { status: 'done', steps: 2, output: answer },
    });
    expect(result).toMatchObject({ output: answer });
    // The answer's text streamed as the assistant's message too.
    const text = events.flatMap((event) =>
      event.type === 'TEXT_MESSAGE_CONTENT' ? [(event as unknown as { delta: string }).delta] : [],
    );
    expect(text.join('')).toContain('{"shape":"shape-1","color":"#ff0000"}');
    expect(lastRequest(model).response_format).toMatchObject({ json_schema: { schema, strict: true } });
    const spans = exporter.getFinishedSpans();
    const root = spans.find((span) => span.name === 'invoke_agent painter');
    expect(root?.attributes).toMatchObject({
      'gen_ai.conversation.id': 'thread-output',
      'affordance.status': 'done',
    });
    const tool = spans.find((span) => span.name === 'execute_tool shape_updateColor');
    const step = spans.find((span) => span.name === 'step 1');
    expect(tool?.parentSpanContext?.spanId).toBe(step?.spanContext().spanId);
    expect(step?.parentSpanContext?.spanId).toBe(root?.spanContext().spanId);
  });

  it('an answer that stays invalid ends with RUN_ERROR output_failed', async () => {
    const agent = configured({ output: schema, outputRetries: 0 });
    const model = await replay([replyFrames('{"shape":"shape-1"}')]);
    const { url } = await listen({ model: model.model, agent });
    const events: BaseEvent[] = [];
    await agentFor(url, 'thread-invalid', 'Make shape-1 red')
      .runAgent({}, { onEvent: ({ event }) => void events.push(event) })
      .catch(() => undefined);
    await expectValidStream(events);
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'output_failed' });
    expect((events.at(-1) as unknown as { message: string }).message).toMatch(/color/);
  });

  it('a stop rule ends the run with RUN_FINISHED stopped; what a client forwards does not change the settings', async () => {
    const agent = configured({ maxSteps: 4, stopWhen: [{ stepCount: 1 }] });
    const model = await replay([replyFrames('Painting.', [paint]), replyFrames('never asked')]);
    const { url } = await listen({ model: model.model, agent });
    const { events } = await run(agentFor(url, 'thread-stop', 'Make shape-1 red'), {
      maxSteps: 99,
      stopWhen: [],
      output: { type: 'object', properties: { leak: { type: 'string' } } },
      run: { telemetry: true },
    });
    await expectValidStream(events);
    expect(events.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      outcome: { type: 'success' },
      result: { status: 'stopped', steps: 1 },
    });
    expect(events.at(-1)).not.toHaveProperty('result.output');
    expect(model.server.requests).toHaveLength(1);
    expect(lastRequest(model)).not.toHaveProperty('response_format');
  });
});
