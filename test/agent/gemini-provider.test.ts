// Replays recorded Gemini responses from test/fixtures/provider-streams/google
// (vercel/ai @ed857f5, packages/google/src/__fixtures__, Apache-2.0) through Google's official `@google/genai` client,
// served as the Gemini API serves them (`streamGenerateContent?alt=sse`, CRLF-separated `data:` events).

import type { ModelStreamPart } from '@affordance/core/agent';
import { createGeminiModel, GeminiError } from '@affordance/core/gemini';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiSse, type RecordedJson, readChunks, readResponse } from '../support/replay-fixtures.js';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../support/replay-server.js';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const GENERATE = '/v1beta/models/gemini-test:generateContent';
const STREAM = '/v1beta/models/gemini-test:streamGenerateContent';

async function modelFor(answer: (body: unknown) => ReplayAnswer, model = 'gemini-test') {
  server = await startReplayServer({
    [`/v1beta/models/${model}:generateContent`]: answer,
    [`/v1beta/models/${model}:streamGenerateContent`]: answer,
  });
  return createGeminiModel({ model, baseURL: server.url, apiKey: 'gemini-key', maxTokens: 256 });
}

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

/** The finished answer of a stream: its last part. */
function finishOf(parts: readonly ModelStreamPart[]) {
  const last = parts.at(-1);
  if (last?.type !== 'response-finish') throw new Error(`last part is ${last?.type}`);
  return last.response;
}

/** The calls a recorded answer holds, read straight from its whole `functionCall` parts. */
function recordedCalls(responses: readonly RecordedJson[]) {
  return responses.flatMap((response: RecordedJson) =>
    (response.candidates?.[0]?.content?.parts ?? [])
      .filter((part: RecordedJson) => part.functionCall?.name)
      .map((part: RecordedJson) => ({ name: part.functionCall.name, args: part.functionCall.args ?? {} })),
  );
}

const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'What is the weather in San Francisco?' },
];
const tools = [
  {
    name: 'weather',
    description: 'Weather at a place',
    parameters: { type: 'OBJECT', properties: { location: { type: 'STRING' } }, required: ['location'] },
  },
];

describe('createGeminiModel against recorded Gemini responses', () => {
  for (const name of ['google/google-tool-call', 'google/google-tool-call-gemini3']) {
    it(`generate reads ${name}.json and sends contents, tools and config as Gemini expects`, async () => {
      const recorded = readResponse(name);
      const model = await modelFor(() => ({ json: recorded }));
      const response = await model.generate({ messages, tools, toolChoice: 'required' });
      expect(response).toEqual({
        text: '',
        toolCalls: recordedCalls([recorded]).map((call) => ({ id: expect.any(String), ...call })),
        finishReason: 'tool-calls',
        usage: {
          inputTokens: recorded.usageMetadata.promptTokenCount,
          outputTokens:
            recorded.usageMetadata.candidatesTokenCount + recorded.usageMetadata.thoughtsTokenCount,
        },
      });
      const request = server!.requests[0]!;
      expect(request.path).toBe(GENERATE);
      expect(request.headers['x-goog-api-key']).toBe('gemini-key');
      expect(request.body).toEqual({
        contents: [{ role: 'user', parts: [{ text: 'What is the weather in San Francisco?' }] }],
        systemInstruction: { role: 'user', parts: [{ text: 'You are terse.' }] },
        tools: [{ functionDeclarations: tools }],
        toolConfig: { functionCallingConfig: { mode: 'ANY' } },
        generationConfig: { maxOutputTokens: 256 },
      });
    });
  }

  const streams: Record<string, { name: string; args: Record<string, unknown> }[] | undefined> = {
    // Whole `functionCall` parts (Gemini API): the expected calls are read from the recording itself.
    'google/google-tool-call': undefined,
    'google/google-tool-call-gemini3': undefined,
    // Streamed function-call arguments (`partialArgs` at JSON paths; recorded from Vertex AI).
    'google/google-stream-tool-call-arguments': [
      { name: 'getWeather', args: { location: 'Boston' } },
      { name: 'getWeather', args: { location: 'San Francisco' } },
    ],
    'google/google-stream-no-args-tool-call': [
      { name: 'read_theme', args: {} },
      { name: 'read_screen', args: { id: 'A' } },
      { name: 'read_screen', args: { id: 'B' } },
      { name: 'read_screen', args: { id: 'C' } },
    ],
    'google/google-stream-tool-call-array-arguments-missing-terminal-function-call': [
      {
        name: 'writeItems',
        args: {
          operations: [
            { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
            { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
          ],
        },
      },
    ],
  };
  for (const [name, calls] of Object.entries(streams)) {
    it(`stream assembles ${name}.chunks.txt from the SSE stream`, async () => {
      const chunks = readChunks(name);
      const model = await modelFor(() => ({ sse: geminiSse(chunks) }));
      const parts = await collect(model.stream({ messages, tools }));
      const expected = calls ?? recordedCalls(chunks);
      expect(expected.length).toBeGreaterThan(0);
      const response = finishOf(parts);
      // Thought text (`thought: true`) is the model's reasoning, not its answer.
      expect(response.text).toBe('');
      expect(response.toolCalls).toEqual(expected.map((call) => ({ id: expect.any(String), ...call })));
      expect(response.finishReason).toBe('tool-calls');
      const last = chunks.at(-1).usageMetadata;
      expect(response.usage).toEqual({
        inputTokens: last.promptTokenCount,
        outputTokens: last.candidatesTokenCount + last.thoughtsTokenCount,
      });
      expect(parts.filter((part) => part.type === 'tool-call')).toEqual(
        response.toolCalls.map((call) => ({ type: 'tool-call', call })),
      );
      const starts = parts.filter((part) => part.type === 'tool-input-start');
      expect(starts.map((part) => part.id)).toEqual(response.toolCalls.map((call) => call.id));
      const request = server!.requests[0]!;
      expect(request.path).toBe(STREAM);
      expect(request.query).toBe('alt=sse');
      expect(request.body.tools).toEqual([{ functionDeclarations: tools }]);
      expect(request.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    });
  }

  it('streams text deltas and maps a finish reason without calls to stop', async () => {
    const chunks = [
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny ' }] } }] },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'and warm.' }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
      },
    ];
    const model = await modelFor(() => ({ sse: geminiSse(chunks) }));
    const parts = await collect(model.stream({ messages }));
    expect(parts).toEqual([
      { type: 'text-delta', delta: 'Sunny ' },
      { type: 'text-delta', delta: 'and warm.' },
      {
        type: 'response-finish',
        response: {
          text: 'Sunny and warm.',
          toolCalls: [],
          finishReason: 'stop',
          usage: { inputTokens: 9, outputTokens: 4 },
        },
      },
    ]);
    expect(server!.requests[0]!.body.tools).toBeUndefined();
  });
});
