import { createRegistry, defineAction } from '@affordance/core';
import { runAgent } from '@affordance/core/agent';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAISDKModel } from './create-ai-sdk-model.js';
import { callsTurn, testRegistry, textTurn } from './test-actions.fixture.js';

const alice = { id: 'alice', roles: ['editor'] };
const usage = {
  inputTokens: { total: 7, noCache: 7, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 3, text: 3, reasoning: undefined },
};

function streamOf(chunks: LanguageModelV3StreamPart[]) {
  return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
}

describe('createAISDKModel', () => {
  it('drives runAgent with generateText: tools offered, calls run through the registry, results fed back', async () => {
    const { registry, runs } = testRegistry();
    const mock = new MockLanguageModelV3({
      provider: 'mock-provider',
      modelId: 'mock-1',
      doGenerate: [
        callsTurn({ id: 'call-1', name: 'addNote', input: { text: 'milk' } }),
        textTurn('Added milk.'),
      ],
    });
    const model = createAISDKModel({ model: mock });
    expect(model.id).toBe('mock-provider:mock-1');
    const result = await runAgent({ model, registry, input: 'note milk', user: alice, system: 'Be brief.' });
    expect(result.status).toBe('done');
    expect(result.text).toBe('Added milk.');
    expect(runs).toEqual(['addNote:milk']);
    const [first, second] = mock.doGenerateCalls;
    expect(first!.prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
    // runAgent adds its own `done` tool to the available actions.
    expect(first!.tools?.map((tool) => tool.name).sort()).toEqual(['addNote', 'done', 'ping', 'transfer']);
    expect(first!.tools?.find((tool) => tool.name === 'addNote')).toMatchObject({
      type: 'function',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    // The second turn carries the call and its result in the AI SDK's prompt format.
    expect(second!.prompt.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'addNote', input: { text: 'milk' } }],
        providerOptions: undefined,
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'addNote',
            output: { type: 'text', value: '{"added":"milk"}' },
            providerOptions: undefined,
          },
        ],
        providerOptions: undefined,
      },
    ]);
  });

  it('streams text deltas, tool input deltas, the call, the finish reason and usage', async () => {
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'lookup',
          description: 'Look a word up',
          input: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
          handler: (input) => `${input.word}: a word`,
        }),
      ],
    });
    const model = createAISDKModel({
      model: new MockLanguageModelV3({
        doStream: streamOf([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          { type: 'text-delta', id: 't1', delta: 'Looking ' },
          { type: 'text-delta', id: 't1', delta: 'up.' },
          { type: 'text-end', id: 't1' },
          { type: 'tool-input-start', id: 'call-1', toolName: 'lookup' },
          { type: 'tool-input-delta', id: 'call-1', delta: '{"word":' },
          { type: 'tool-input-delta', id: 'call-1', delta: '"hat"}' },
          { type: 'tool-input-end', id: 'call-1' },
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: '{"word":"hat"}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
        ]),
      }),
    });
    const parts = [];
    for await (const part of model.stream({
      messages: [{ role: 'user', content: 'hat?' }],
      tools: registry.tools({ format: 'anthropic' }),
    }))
      parts.push(part);
    const call = { id: 'call-1', name: 'lookup', args: { word: 'hat' } };
    expect(parts).toEqual([
      { type: 'text-delta', delta: 'Looking ' },
      { type: 'text-delta', delta: 'up.' },
      { type: 'tool-input-start', id: 'call-1', name: 'lookup' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{"word":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"hat"}' },
      { type: 'tool-call', call },
      {
        type: 'response-finish',
        response: {
          text: 'Looking up.',
          toolCalls: [call],
          finishReason: 'tool-calls',
          usage: { inputTokens: 7, outputTokens: 3 },
        },
      },
    ]);
  });

  it('throws the provider error of a failed stream', async () => {
    const model = createAISDKModel({
      maxRetries: 0,
      model: new MockLanguageModelV3({
        doStream: streamOf([
          { type: 'stream-start', warnings: [] },
          { type: 'error', error: new Error('overloaded') },
        ]),
      }),
    });
    const consume = async () => {
      for await (const _part of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) {
        // drain
      }
    };
    await expect(consume()).rejects.toThrow('overloaded');
  });

  it('stops when the run is aborted: the model call gets the signal', async () => {
    const { registry, runs } = testRegistry();
    const controller = new AbortController();
    const mock = new MockLanguageModelV3({
      doGenerate: async (options) => {
        controller.abort();
        expect(options.abortSignal?.aborted).toBe(true);
        return callsTurn({ id: 'call-1', name: 'addNote', input: { text: 'late' } });
      },
    });
    const result = await runAgent({
      model: createAISDKModel({ model: mock, maxRetries: 0 }),
      registry,
      input: 'note',
      user: alice,
      signal: controller.signal,
    });
    expect(result.status).toBe('aborted');
    expect(runs).toEqual([]);
  });
});
