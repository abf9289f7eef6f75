// Replays recorded Gemini responses from test/fixtures/provider-streams/google
// (vercel/ai @ed857f5, packages/google/src/__fixtures__, Apache-2.0) through Google's official `@google/genai` client,
// served as the Gemini API serves them (`streamGenerateContent?alt=sse`, CRLF-separated `data:` events).

import { createGeminiModel } from '@affordance/core/gemini';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiSse, type RecordedJson, readChunks, readResponse } from '../support/replay-fixtures.js';
import { replayForTest } from '../support/replay-for-test.js';
import {
  closeGemini,
  collect,
  finishOf,
  GENERATE,
  messages,
  modelFor,
  recordedCalls,
  STREAM,
  server,
  tools,
} from './gemini-setup.js';

afterEach(closeGemini);

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

describe('createGeminiModel: the conversation it sends back', () => {
  const toolTurn = (id: string, id2?: string) => [
    ...messages,
    {
      role: 'assistant' as const,
      content: 'Checking.',
      toolCalls: [
        { id, name: 'weather', args: { location: 'San Francisco' } },
        ...(id2 ? [{ id: id2, name: 'weather', args: '{"location":"Boston"}' }] : []),
      ],
    },
    {
      role: 'tool' as const,
      content: '',
      toolResults: [
        { toolCallId: id, name: 'weather', ok: true, output: 'sunny' },
        ...(id2 ? [{ toolCallId: id2, name: 'weather', ok: false, output: 'no station in Boston' }] : []),
      ],
    },
    { role: 'user' as const, content: 'And tomorrow?' },
  ];

  it('sends calls as functionCall parts, results as functionResponse parts, and each call its own signature', async () => {
    const chunks = readChunks('google/google-tool-call-gemini3');
    const recordedSignature = chunks[0].candidates[0].content.parts[0].thoughtSignature;
    const model = await modelFor(() => ({ sse: geminiSse(chunks) }), 'gemini-3-pro-preview');
    const first = finishOf(await collect(model.stream({ messages, tools })));
    const id = first.toolCalls[0]!.id;
    await collect(model.stream({ messages: toolTurn(id, 'other-call'), tools }));
    const sent = server!.requests[1]!.body;
    expect(sent.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          { text: 'Checking.' },
          {
            functionCall: { name: 'weather', args: { location: 'San Francisco' } },
            thoughtSignature: recordedSignature,
          },
          // A parallel call after the first carries no signature, as Gemini sends them.
          { functionCall: { name: 'weather', args: { location: 'Boston' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { output: 'sunny' } } },
          { functionResponse: { name: 'weather', response: { error: 'no station in Boston' } } },
        ],
      },
      { role: 'user', parts: [{ text: 'And tomorrow?' }] },
    ]);
  });

  it('gives Gemini 3 the documented placeholder for a call whose signature it never saw, and Gemini 2 nothing', async () => {
    const answer = () => ({ json: readResponse('google/google-tool-call') });
    const three = await modelFor(answer, 'gemini-3-flash-preview');
    await three.generate({ messages: toolTurn('from-a-store', 'second'), tools });
    const parts = server!.requests[0]!.body.contents[1].parts;
    expect(parts[1].thoughtSignature).toBe('skip_thought_signature_validator');
    expect(parts[2].thoughtSignature).toBeUndefined();
    await server!.close();
    const two = await modelFor(answer, 'gemini-2.5-flash');
    await two.generate({ messages: toolTurn('from-a-store'), tools });
    expect(server!.requests[0]!.body.contents[1].parts[1].thoughtSignature).toBeUndefined();
  });

  it('leaves out an assistant turn with neither text nor calls (Gemini refuses a content without parts)', async () => {
    const model = await modelFor(() => ({ json: readResponse('google/google-tool-call') }));
    await model.generate({
      messages: [...messages, { role: 'assistant', content: '' }, { role: 'user', content: 'Well?' }],
    });
    expect(server!.requests[0]!.body.contents.map((content: RecordedJson) => content.role)).toEqual([
      'user',
      'user',
    ]);
  });
});

/** The arguments a Vertex `partialArgs` stream writes: each value set at its JSON path, strings appended. */
function writtenArgs(chunks: readonly RecordedJson[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const chunk of chunks) {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      for (const arg of part.functionCall?.partialArgs ?? []) {
        const keys = [...String(arg.jsonPath).matchAll(/\.(\w+)|\[(\d+)\]/g)].map(
          (m) => m[1] ?? Number(m[2]),
        );
        let node: RecordedJson = root;
        keys.slice(0, -1).forEach((key, index) => {
          node[key] ??= typeof keys[index + 1] === 'number' ? [] : {};
          node = node[key];
        });
        const last = keys.at(-1)!;
        node[last] = 'stringValue' in arg ? (node[last] ?? '') + arg.stringValue : arg.numberValue;
      }
    }
  }
  return root;
}

describe('createGeminiModel with a Vertex AI client', () => {
  it('assembles the recorded nested partialArgs stream (Vertex AI streamFunctionCallArguments)', async () => {
    const name = 'google/google-vertex-stream-tool-call-arguments-nested.1';
    const chunks = readChunks(name);
    const path = '/v1beta1/publishers/google/models/gemini-test:streamGenerateContent';
    const vertex = await replayForTest({ [path]: () => ({ sse: geminiSse(chunks) }) });
    const { GoogleGenAI } = await import('@google/genai');
    // Vertex AI express mode: an API key instead of Google Cloud credentials.
    const client = new GoogleGenAI({
      vertexai: true,
      apiKey: 'vertex-key',
      httpOptions: { baseUrl: vertex.url },
    });
    const model = createGeminiModel({ model: 'gemini-test', client });
    const parts = await collect(
      model.stream({ messages, tools: [{ name: 'cookRecipe', description: 'Cook' }] }),
    );
    const response = finishOf(parts);
    const args = writtenArgs(chunks);
    expect((args.recipe as { steps: string[] }).steps).toHaveLength(10);
    expect(response.toolCalls).toEqual([{ id: expect.any(String), name: 'cookRecipe', args }]);
    // Vertex sends values at JSON paths, not argument text: the call arrives whole, with no text deltas before it.
    expect(parts.filter((part) => part.type === 'tool-input-delta')).toEqual([]);
    const request = vertex.requests[0]!;
    expect(request.query).toBe('alt=sse');
    expect(request.headers['x-goog-api-key']).toBe('vertex-key');
    expect(request.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
  });
});
