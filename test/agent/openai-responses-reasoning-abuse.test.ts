// Hostile and broken reasoning items of the OpenAI Responses API: out-of-bounds and malformed items from the server
// and from stored data, and a stream cut off in the middle of a reasoning item, replayed through the official `openai`
// client from responses-adapted/reasoning-then-call (adapted from vercel/ai @ed857f5, Apache-2.0; see its SOURCE.md).
import { OpenAIResponsesError } from '@affordance/core/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import {
  modelWith,
  REASONING,
  recorded,
  sent,
  stored,
  withReasoning,
} from './openai-responses-reasoning-setup.js';
import { closeResponses, collect, finishOf, messages, tools } from './openai-responses-setup.js';

afterEach(closeResponses);

describe('createOpenAIResponsesModel: hostile and broken reasoning', () => {
  it('a huge encrypted_content is not kept; the call is still read', async () => {
    const huge = withReasoning((item) => ({ ...item, encrypted_content: 'A'.repeat(1_000_001) }));
    const model = await modelWith(() => ({ sse: responsesSse(huge) }), stored);
    const response = finishOf(await collect(model.stream({ messages, tools })));
    expect(response.providerData).toBeUndefined();
    expect(response.toolCalls).toHaveLength(1);
  });

  it('only id, encrypted content and summary texts are kept from a hostile item', async () => {
    const hostile = withReasoning((item) => ({
      ...item,
      status: 'completed',
      content: [{ type: 'reasoning_text', text: 'raw thoughts' }],
      extra: { nested: true },
      summary: [{ type: 'summary_text', text: 'ok' }, { type: 'summary_text', text: 7 }, 'loose', null],
    }));
    const model = await modelWith(() => ({ sse: responsesSse(hostile) }), stored);
    const response = finishOf(await collect(model.stream({ messages, tools })));
    const { reasoning, call } = recorded();
    expect(response.providerData).toEqual({
      'openai-responses': {
        model: 'gpt-test',
        reasoning: [
          {
            id: reasoning.id,
            encryptedContent: reasoning.encrypted_content,
            summary: ['ok'],
            beforeCall: call.call_id,
          },
        ],
      },
    });
  });

  it.each([
    ['an id that is not a string', (item: RecordedJson) => ({ ...item, id: 42 })],
    [
      'neither an id nor encrypted content',
      (item: RecordedJson) => ({ ...item, id: undefined, encrypted_content: null }),
    ],
    [
      'a summary past 100,000 characters',
      (item: RecordedJson) => ({ ...item, summary: [{ type: 'summary_text', text: 'x'.repeat(100_001) }] }),
    ],
  ])('an item with %s is dropped', async (_name, change) => {
    const model = await modelWith(() => ({ sse: responsesSse(withReasoning(change)) }), stored);
    expect(finishOf(await collect(model.stream({ messages, tools }))).providerData).toBeUndefined();
  });

  it('a reasoning item sent twice is kept and sent back once', async () => {
    const events = readChunks(REASONING);
    const done = events.findIndex(
      (event: RecordedJson) => event.type === 'response.output_item.done' && event.item.type === 'reasoning',
    );
    const twice = [...events.slice(0, done + 1), events[done], ...events.slice(done + 1)];
    const model = await modelWith(() => ({ sse: responsesSse(twice) }), stored);
    const response = finishOf(await collect(model.stream({ messages, tools })));
    const data = response.providerData?.['openai-responses'] as { reasoning: unknown[] };
    expect(data.reasoning).toHaveLength(1);
  });

  it('malformed stored data is skipped entry by entry, never sent as it is', async () => {
    const model = await modelWith(() => ({
      json: readResponse('openai/responses/programmatic-tool-calling.3'),
    }));
    const call = { id: 'c1', name: 'weather', args: { location: 'SF' } };
    const reasoning = [
      'rs_string',
      { id: 'rs_ok', summary: 'not a list', beforeCall: 'c1', injected: '<script>' },
      { id: 'rs_bad_target', summary: [], beforeCall: 7 },
      { encryptedContent: 'E'.repeat(1_000_001), beforeCall: 'c1' },
      { summary: ['no id, no content'], beforeCall: 'c1' },
      { id: 'rs_ok', summary: [], beforeCall: 'c1' },
    ];
    await model.generate({
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: '',
          toolCalls: [call],
          providerData: { 'openai-responses': { model: 'gpt-test', reasoning } },
        },
      ],
    });
    expect(sent().input.slice(2)).toEqual([
      { type: 'reasoning', id: 'rs_ok', summary: [] },
      { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"location":"SF"}' },
    ]);
  });

  it('a stream cut off in the middle of the reasoning item is cut_off, with nothing returned', async () => {
    const events = responsesSse(readChunks(REASONING));
    // response.created, in_progress, the reasoning item's start, then half of its output_item.done.
    const half = events[3]!.slice(0, Math.floor(events[3]!.length / 2));
    for (const sse of [[...events.slice(0, 3)], [...events.slice(0, 3), half]]) {
      const model = await modelWith(() => ({ sse }), stored);
      const parts: unknown[] = [];
      const error = await (async () => {
        for await (const part of model.stream({ messages, tools })) parts.push(part);
      })().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(OpenAIResponsesError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'cut_off' });
      expect(parts).toEqual([]);
      await closeResponses();
    }
  });
});
