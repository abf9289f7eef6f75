// runAgent({ output }) through each provider's own JSON-schema response format, with the official SDK clients
// against a local server speaking the provider's wire format. The tool-call turns are recorded responses from
// test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0); the JSON answers are adapted from recorded ones
// (test/fixtures/provider-streams/structured-output/SOURCE.md says how).
import { createRegistry, defineAction, runAgent } from '@affordance/core';
import { createAnthropicModel } from '@affordance/core/anthropic';
import { createGeminiModel } from '@affordance/core/gemini';
import { createOpenAIModel } from '@affordance/core/openai';
import { describe, expect, it } from 'vitest';
import {
  anthropicSse,
  geminiSse,
  type RecordedJson,
  readChunks,
  readResponse,
} from '../support/replay-fixtures.js';
import { replayForTest } from '../support/replay-for-test.js';

const output = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
  additionalProperties: false,
} as const;

function registryWith(name: string) {
  const ran: Record<string, unknown>[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name,
        description: `The recorded ${name} tool`,
        input: {
          type: 'object',
          properties: { location: { type: 'string' } },
          additionalProperties: false,
        } as const,
        handler: (args) => {
          ran.push(args);
          return 'sunny, 18 °C';
        },
      }),
    ],
  });
  return { registry, ran };
}

/** A replay server for the running test answering `path` with the given recorded responses, one per request, in order. */
async function serve(path: string | readonly string[], replies: readonly RecordedJson[]) {
  let next = 0;
  const answer = () => ({ json: replies[Math.min(next++, replies.length - 1)] });
  const paths = typeof path === 'string' ? [path] : path;
  return replayForTest(Object.fromEntries(paths.map((p) => [p, answer])));
}

const answer = { city: 'San Francisco', celsius: 18 };

describe('structured output through the providers’ response formats', () => {
  it('OpenAI: tools and response_format json_schema (strict) on every turn; the JSON text is the output', async () => {
    const replay = await serve('/v1/chat/completions', [
      readResponse('groq/groq-tool-call'),
      readResponse('structured-output/groq-json-answer'),
    ]);
    const { registry, ran } = registryWith('weather');
    const model = createOpenAIModel({ model: 'gpt-test', baseURL: `${replay.url}/v1`, apiKey: 'sk-test' });
    expect(model.structuredOutput).toBe('with-tools');
    const result = await runAgent({ model, registry, input: 'Weather in SF?', output });
    expect(result).toMatchObject({ status: 'done', steps: 2, output: answer });
    expect(ran).toEqual([{}]);
    const [first, second] = replay.requests.map((request) => request.body);
    for (const body of [first, second]) {
      expect(body.tools.map((tool: RecordedJson) => tool.function.name)).toEqual(['weather']);
      expect(body.response_format).toEqual({
        type: 'json_schema',
        json_schema: {
          name: 'final_answer',
          description: 'The final answer of the task.',
          schema: output,
          strict: true,
        },
      });
    }
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool', content: 'sunny, 18 °C' });
  });

  it('OpenAI: an answer that fails the schema is sent back with what is wrong, and the fixed one ends the run', async () => {
    const replay = await serve('/v1/chat/completions', [
      readResponse('structured-output/groq-json-answer-invalid'),
      readResponse('structured-output/groq-json-answer'),
    ]);
    const { registry } = registryWith('weather');
    const model = createOpenAIModel({ model: 'gpt-test', baseURL: `${replay.url}/v1`, apiKey: 'sk-test' });
    const result = await runAgent({ model, registry, input: 'Weather in SF?', output, outputRetries: 1 });
    expect(result).toMatchObject({ status: 'done', steps: 2, output: answer });
    const retry = replay.requests[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"city":"San Francisco","celsius":"warm"}' });
    expect(retry.at(-1).role).toBe('user');
    expect(retry.at(-1).content).toMatch(/does not match the required schema[\s\S]*celsius/);
  });

  it('OpenAI: outputRetries 0 ends output_failed on the first invalid answer', async () => {
    const replay = await serve('/v1/chat/completions', [
      readResponse('structured-output/groq-json-answer-invalid'),
    ]);
    const { registry } = registryWith('weather');
    const model = createOpenAIModel({ model: 'gpt-test', baseURL: `${replay.url}/v1`, apiKey: 'sk-test' });
    const result = await runAgent({ model, registry, input: 'Weather?', output, outputRetries: 0 });
    expect(result.status).toBe('output_failed');
    expect(result.outputError).toMatch(/celsius/);
    expect(result).not.toHaveProperty('output');
  });

  it("OpenAI: outputMode 'tool' (or structuredOutput: false) keeps the final_answer tool and sends no format", async () => {
    const replay = await serve('/v1/chat/completions', [readResponse('structured-output/groq-json-answer')]);
    const { registry } = registryWith('weather');
    const model = createOpenAIModel({
      model: 'gpt-test',
      baseURL: `${replay.url}/v1`,
      apiKey: 'sk-test',
      structuredOutput: false,
    });
    const result = await runAgent({ model, registry, input: 'Weather?', output, maxSteps: 1 });
    // The answer without calling final_answer is refused (and the one step allowed is spent).
    expect(result.status).toBe('max_steps');
    const body = replay.requests[0]!.body;
    expect(body).not.toHaveProperty('response_format');
    expect(body.tools.map((tool: RecordedJson) => tool.function.name)).toEqual(['weather', 'final_answer']);
    await expect(
      runAgent({ model, registry, input: 'Weather?', output, outputMode: 'native' }),
    ).rejects.toMatchObject({ code: 'invalid_option' });
  });

  it('Anthropic: tools and output_config.format on every turn; the JSON text is the output', async () => {
    const replay = await serve('/v1/messages', [
      readResponse('anthropic/anthropic-tool-no-args'),
      readResponse('structured-output/anthropic-json-answer'),
    ]);
    const { registry, ran } = registryWith('updateIssueList');
    const model = createAnthropicModel({ model: 'claude-test', baseURL: replay.url, apiKey: 'k' });
    const result = await runAgent({ model, registry, input: 'Update the issues, then the weather', output });
    expect(result).toMatchObject({ status: 'done', steps: 2, output: answer });
    expect(ran).toEqual([{}]);
    for (const { body } of replay.requests) {
      expect(body.tools.map((tool: RecordedJson) => tool.name)).toEqual(['updateIssueList']);
      expect(body.output_config).toEqual({ format: { type: 'json_schema', schema: output } });
    }
  });

  it('Anthropic: constraints the API does not take are moved into descriptions by the SDK; validation still holds them', async () => {
    const replay = await serve('/v1/messages', [readResponse('structured-output/anthropic-json-answer')]);
    const { registry } = registryWith('updateIssueList');
    const model = createAnthropicModel({ model: 'claude-test', baseURL: replay.url, apiKey: 'k' });
    const bounded = {
      type: 'object',
      properties: { city: { type: 'string' }, celsius: { type: 'number', minimum: 20 } },
      required: ['city', 'celsius'],
    } as const;
    const result = await runAgent({ model, registry, input: 'Weather?', output: bounded, outputRetries: 0 });
    expect(replay.requests[0]!.body.output_config.format.schema).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, celsius: { type: 'number', description: '{minimum: 20}' } },
      required: ['city', 'celsius'],
      additionalProperties: false,
    });
    // 18 is below the minimum the API was not given: the loop's validation refuses it.
    expect(result.status).toBe('output_failed');
    expect(result.outputError).toMatch(/celsius/);
  });

  it('Anthropic, streaming: the JSON arrives as text deltas and is read whole at the end', async () => {
    const streams = [
      readChunks('anthropic/anthropic-tool-no-args'),
      readChunks('structured-output/anthropic-json-answer'),
    ];
    let next = 0;
    const server = await replayForTest({
      '/v1/messages': () => ({ sse: anthropicSse(streams[next++] ?? []) }),
    });
    const { registry } = registryWith('updateIssueList');
    const model = createAnthropicModel({ model: 'claude-test', baseURL: server.url, apiKey: 'k' });
    const deltas: string[] = [];
    const result = await runAgent({
      model,
      registry,
      input: 'Update the issues, then the weather',
      output,
      stream: true,
      onEvent: (event) => {
        if (event.type === 'text-delta' && event.step === 2) deltas.push(event.delta);
      },
    });
    expect(result).toMatchObject({ status: 'done', steps: 2, output: answer });
    expect(deltas).toEqual(['{"city":"San Fran', 'cisco","celsius":18}']);
    expect(server.requests.map((request) => request.body.output_config)).toEqual([
      { format: { type: 'json_schema', schema: output } },
      { format: { type: 'json_schema', schema: output } },
    ]);
    expect(server.requests[1]!.body.stream).toBe(true);
  });

  it('Gemini 3: functionDeclarations with responseMimeType application/json and responseJsonSchema', async () => {
    const path = '/v1beta/models/gemini-3-test:generateContent';
    const replay = await serve(path, [
      readResponse('google/google-tool-call'),
      readResponse('structured-output/google-json-answer'),
    ]);
    const { registry, ran } = registryWith('weather');
    const model = createGeminiModel({ model: 'gemini-3-test', baseURL: replay.url, apiKey: 'g' });
    expect(model.structuredOutput).toBe('with-tools');
    const result = await runAgent({ model, registry, input: 'Weather in SF?', output });
    expect(result).toMatchObject({ status: 'done', steps: 2, output: answer });
    expect(ran).toEqual([{ location: 'San Francisco' }]);
    for (const { body } of replay.requests) {
      expect(body.tools[0].functionDeclarations.map((tool: RecordedJson) => tool.name)).toEqual(['weather']);
      expect(body.generationConfig).toMatchObject({
        responseMimeType: 'application/json',
        responseJsonSchema: output,
      });
    }
  });

  it('Gemini 3, streaming: the JSON text parts of streamGenerateContent make the answer', async () => {
    // The adapted answer served as the API streams it: its text in two chunks, the finish reason and usage on the last.
    const whole = readResponse('structured-output/google-json-answer');
    const candidate = whole.candidates[0];
    const first = {
      ...whole,
      candidates: [{ content: { role: 'model', parts: [{ text: '{"city":"San Fran' }] } }],
    };
    delete first.usageMetadata;
    const last = {
      ...whole,
      candidates: [
        { ...candidate, content: { ...candidate.content, parts: [{ text: 'cisco","celsius":18}' }] } },
      ],
    };
    const server = await replayForTest({
      '/v1beta/models/gemini-3-test:streamGenerateContent': () => ({ sse: geminiSse([first, last]) }),
    });
    const { registry } = registryWith('weather');
    const model = createGeminiModel({ model: 'gemini-3-test', baseURL: server.url, apiKey: 'g' });
    const result = await runAgent({ model, registry, input: 'Weather in SF?', output, stream: true });
    expect(result).toMatchObject({ status: 'done', steps: 1, output: answer });
    expect(server.requests[0]!.query).toBe('alt=sse');
    expect(server.requests[0]!.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: output,
    });
  });

  it('Gemini 2.x: tool turns without the format, then a JSON turn without tools when the model stops calling', async () => {
    const path = '/v1beta/models/gemini-2.5-flash:generateContent';
    const replay = await serve(path, [
      readResponse('google/google-tool-call'),
      readResponse('structured-output/google-text-answer'),
      readResponse('structured-output/google-json-answer'),
    ]);
    const { registry } = registryWith('weather');
    const model = createGeminiModel({ model: 'gemini-2.5-flash', baseURL: replay.url, apiKey: 'g' });
    expect(model.structuredOutput).toBe('alone');
    // auto: a model that cannot combine the format with tools keeps the final_answer tool.
    const auto = await runAgent({ model, registry, input: 'Weather in SF?', output, maxSteps: 1 });
    expect(replay.requests[0]!.body.tools[0].functionDeclarations.map((t: RecordedJson) => t.name)).toEqual([
      'weather',
      'final_answer',
    ]);
    expect(auto.status).toBe('max_steps');
    await replay.close();
    const again = await serve(path, [
      readResponse('google/google-tool-call'),
      readResponse('structured-output/google-text-answer'),
      readResponse('structured-output/google-json-answer'),
    ]);
    const native = createGeminiModel({ model: 'gemini-2.5-flash', baseURL: again.url, apiKey: 'g' });
    const result = await runAgent({
      model: native,
      registry,
      input: 'Weather in SF?',
      output,
      outputMode: 'native',
    });
    expect(result).toMatchObject({ status: 'done', steps: 2, output: answer });
    const [first, second, json] = again.requests.map((request) => request.body);
    for (const body of [first, second]) {
      expect(body.tools[0].functionDeclarations.map((t: RecordedJson) => t.name)).toEqual(['weather']);
      expect(body.generationConfig).not.toHaveProperty('responseMimeType');
    }
    expect(json).not.toHaveProperty('tools');
    expect(json.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: output,
    });
    expect(json.contents.at(-2)).toEqual({
      role: 'model',
      parts: [{ text: 'It is 18 °C and sunny in San Francisco.' }],
    });
    expect(json.contents.at(-1).parts[0].text).toMatch(/final answer now, as one JSON object/);
  });
});
