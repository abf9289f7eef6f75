// runAgent end to end through createOpenAIResponsesModel and the official `openai` client, against a local replay of
// `POST /v1/responses` serving recorded streams from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0;
// responses-adapted/ adapted from them, see its SOURCE.md).
import { runAgent } from '@affordance/core';
import { createConversationRecorder } from '@affordance/core/agent';
import { createOpenAIResponsesModel, OpenAIResponsesError } from '@affordance/core/openai';
import { createMemoryConversationStore } from '@affordance/core/ports';
import { createModelFromEnv } from '@affordance/node';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import { weatherRegistry } from '../support/weather-registry.js';
import {
  closeResponses,
  RECORDED,
  recordedCalls,
  recordedText,
  replayResponses,
} from './openai-responses-setup.js';

afterEach(closeResponses);

/** A replay that answers each request with the next recording, and a Responses model pointed at it. */
async function replaying(...answers: (readonly string[])[]) {
  let next = 0;
  const server = await replayResponses(() => ({ sse: answers[next++] ?? [] }));
  const model = createOpenAIResponsesModel({
    model: 'gpt-test',
    baseURL: `${server.url}/v1`,
    apiKey: 'sk-test',
  });
  return { server, model };
}

const sse = (name: string) => responsesSse(readChunks(name));

describe('runAgent through createOpenAIResponsesModel', () => {
  it('runs the recorded function_call and sends its function_call_output back, then ends on the text answer', async () => {
    const { server, model } = await replaying(sse(RECORDED.toolCall), sse(RECORDED.text));
    const { registry, ran } = weatherRegistry();
    const deltas: string[] = [];
    const result = await runAgent({
      model,
      registry,
      system: 'Answer with the tools.',
      input: 'Weather in SF?',
      maxSteps: 4,
      stream: true,
      onEvent: (event) => {
        if (event.type === 'text-delta') deltas.push(event.delta);
      },
    });
    expect(result).toMatchObject({ status: 'done', protocol: 'native', steps: 2 });
    expect(result.text).toBe(recordedText(RECORDED.text));
    expect(deltas.join('')).toBe(recordedText(RECORDED.text));
    expect(ran).toEqual([{ location: 'San Francisco' }]);
    const [first, second] = server.requests.map((request) => request.body as RecordedJson);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/responses', '/v1/responses']);
    // The registry's `openai-responses` format: flat function tools, strict where the schema allows it.
    expect(first.tools.map((tool: RecordedJson) => tool.name)).toEqual(['weather', 'done']);
    expect(first.tools[0]).toMatchObject({
      type: 'function',
      name: 'weather',
      description: 'The weather at a place',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    });
    expect(first).toMatchObject({ tool_choice: 'auto', stream: true });
    expect(first.input[0]).toMatchObject({ role: 'system' });
    expect(first.input[0].content).toContain('Answer with the tools.');
    expect(first.input.slice(1)).toEqual([{ role: 'user', content: 'Weather in SF?' }]);
    const [call] = recordedCalls(RECORDED.toolCall);
    expect(second.input.slice(1)).toEqual([
      { role: 'user', content: 'Weather in SF?' },
      {
        type: 'function_call',
        call_id: call!.id,
        name: 'weather',
        arguments: '{"location":"San Francisco"}',
      },
      {
        type: 'function_call_output',
        call_id: call!.id,
        output: expect.stringContaining('sunny in San Francisco'),
      },
    ]);
  });

  it('not streamed: the recorded function_call item runs and its output goes back, then the text ends the run', async () => {
    const answers = [readResponse(RECORDED.toolCall), readResponse(RECORDED.text)];
    let next = 0;
    const server = await replayResponses(() => ({ json: answers[next++] }));
    const model = createOpenAIResponsesModel({
      model: 'gpt-test',
      baseURL: `${server.url}/v1`,
      apiKey: 'sk-test',
    });
    const { registry, ran } = weatherRegistry();
    const result = await runAgent({ model, registry, input: 'Weather in SF?', maxSteps: 4 });
    const message = answers[1].output.find((item: RecordedJson) => item.type === 'message');
    expect(result).toMatchObject({ status: 'done', steps: 2, text: message.content[0].text });
    expect(ran).toEqual([{ location: 'San Francisco' }]);
    const callId = answers[0].output[0].call_id;
    const second = server.requests[1]!.body as RecordedJson;
    expect(second.stream).toBe(false);
    expect(second.input.slice(-2)).toEqual([
      { type: 'function_call', call_id: callId, name: 'weather', arguments: '{"location":"San Francisco"}' },
      {
        type: 'function_call_output',
        call_id: callId,
        output: expect.stringContaining('sunny in San Francisco'),
      },
    ]);
  });

  it('runs parallel calls of one response, each answered by its own function_call_output', async () => {
    const { server, model } = await replaying(sse(RECORDED.parallel), sse(RECORDED.text));
    const { registry, ran } = weatherRegistry();
    const result = await runAgent({
      model,
      registry,
      input: 'Weather in SF and Rome?',
      maxSteps: 4,
      stream: true,
    });
    expect(result.status).toBe('done');
    expect(ran).toEqual([{ location: 'San Francisco' }, { location: 'Rome' }]);
    const second = server.requests[1]!.body as RecordedJson;
    const ids = recordedCalls(RECORDED.parallel).map((call) => call.id);
    expect(second.input.filter((item: RecordedJson) => item.type === 'function_call_output')).toEqual([
      { type: 'function_call_output', call_id: ids[0], output: expect.stringContaining('San Francisco') },
      { type: 'function_call_output', call_id: ids[1], output: expect.stringContaining('Rome') },
    ]);
  });

  it('structured output: text.format carries the schema beside the tools, the JSON answer is the output', async () => {
    const { server, model } = await replaying(sse(RECORDED.toolCall), sse(RECORDED.json));
    const { registry } = weatherRegistry();
    const result = await runAgent({
      model,
      registry,
      input: 'Weather in SF?',
      stream: true,
      output: {
        type: 'object',
        properties: { city: { type: 'string' }, celsius: { type: 'number' } },
        required: ['city', 'celsius'],
        additionalProperties: false,
      } as const,
    });
    expect(result).toMatchObject({ status: 'done', output: { city: 'San Francisco', celsius: 18 } });
    for (const request of server.requests) {
      const body = request.body as RecordedJson;
      expect(body.text).toEqual({
        format: {
          type: 'json_schema',
          name: 'final_answer',
          description: 'The final answer of the task.',
          schema: {
            type: 'object',
            properties: { city: { type: 'string' }, celsius: { type: 'number' } },
            required: ['city', 'celsius'],
            additionalProperties: false,
          },
          strict: true,
        },
      });
      // Native output: the model's own tools, no `done` and no `final_answer`.
      expect(body.tools.map((tool: RecordedJson) => tool.name)).toEqual(['weather']);
    }
  });

  it('a stream cut off in a later step: the run fails, nothing of that step is run or recorded', async () => {
    const cut = sse(RECORDED.parallel).slice(0, 11); // the first call whole, then the connection ends
    const { model } = await replaying(sse(RECORDED.toolCall), cut);
    const { registry, ran } = weatherRegistry();
    const store = createMemoryConversationStore();
    const failure = await runAgent({
      model,
      registry,
      input: 'Weather in SF?',
      sessionId: 'ses-cut',
      stream: true,
      recorder: createConversationRecorder({ store }),
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(OpenAIResponsesError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'cut_off' });
    // Step 1 ran its call; step 2's whole first call did not run.
    expect(ran).toEqual([{ location: 'San Francisco' }]);
    const stored = await store.listMessages('ses-cut');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(stored[1]!.toolCalls).toEqual([recordedCalls(RECORDED.toolCall)[0]]);
  });
});

describe('AFFORDANCE_MODEL=openai-responses:<model>', () => {
  it('builds the Responses model, which talks to OPENAI_BASE_URL’s /responses with OPENAI_API_KEY', async () => {
    const server = await replayResponses(() => ({ sse: sse(RECORDED.text) }));
    const model = await createModelFromEnv({
      AFFORDANCE_MODEL: 'openai-responses:gpt-test',
      OPENAI_BASE_URL: `${server.url}/v1`,
      OPENAI_API_KEY: 'sk-env',
    });
    const { registry } = weatherRegistry();
    const result = await runAgent({ model, registry, input: 'Hello', stream: true });
    expect(result).toMatchObject({ status: 'done', text: recordedText(RECORDED.text) });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      path: '/v1/responses',
      headers: { authorization: 'Bearer sk-env' },
    });
    expect(server.requests[0]!.body).toMatchObject({ model: 'gpt-test', stream: true });
  });
});
