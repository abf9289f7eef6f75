// Reasoning items of the OpenAI Responses API kept between turns, and the model's reasoning and text settings,
// replayed through the official `openai` client from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0;
// responses-adapted/reasoning-then-call adapted from openai/responses/programmatic-tool-calling.1, see its SOURCE.md).
import type { AgentMessage } from '@affordance/core/agent';
import { createOpenAIResponsesModel } from '@affordance/core/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import {
  modelWith,
  PROGRAM,
  REASONING,
  recorded,
  sent,
  stored,
  turnOf,
  withReasoning,
} from './openai-responses-reasoning-setup.js';
import { closeResponses, collect, finishOf, messages, tools } from './openai-responses-setup.js';

afterEach(closeResponses);

describe('createOpenAIResponsesModel: reasoning items kept for the next turns', () => {
  it('store false and reasoning set: asks for encrypted reasoning, keeps the item before its call', async () => {
    const model = await modelWith(() => ({ sse: responsesSse(readChunks(REASONING)) }), {
      ...stored,
      text: { verbosity: 'low' },
    });
    const parts = await collect(model.stream({ messages, tools }));
    const { reasoning, call } = recorded();
    expect(reasoning.encrypted_content.length).toBeGreaterThan(1000);
    expect(parts.map((part) => part.type)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'tool-call',
      'response-finish',
    ]);
    expect(finishOf(parts)).toMatchObject({
      toolCalls: [{ id: call.call_id, name: 'weather', args: { location: 'San Francisco' } }],
      finishReason: 'tool-calls',
      providerData: {
        'openai-responses': {
          model: 'gpt-test',
          reasoning: [
            {
              id: reasoning.id,
              encryptedContent: reasoning.encrypted_content,
              summary: [],
              beforeCall: call.call_id,
            },
          ],
        },
      },
    });
    expect(sent()).toMatchObject({
      store: false,
      include: ['reasoning.encrypted_content'],
      reasoning: { effort: 'low', summary: 'auto' },
      text: { verbosity: 'low' },
    });
  });

  it('sends kept reasoning back just before the call it preceded, and summaries with it', async () => {
    const summarized = withReasoning((item) => ({
      ...item,
      summary: [{ type: 'summary_text', text: 'The user wants the weather; call weather.' }],
    }));
    const model = await modelWith(() => ({ sse: responsesSse(summarized) }), stored);
    const first = finishOf(await collect(model.stream({ messages, tools })));
    const { reasoning, call } = recorded();
    await collect(model.stream({ messages: [...messages, ...turnOf(first, 'sunny')], tools }));
    expect(sent(1).input.slice(2)).toEqual([
      {
        type: 'reasoning',
        id: reasoning.id,
        encrypted_content: reasoning.encrypted_content,
        summary: [{ type: 'summary_text', text: 'The user wants the weather; call weather.' }],
      },
      {
        type: 'function_call',
        call_id: call.call_id,
        name: 'weather',
        arguments: '{"location":"San Francisco"}',
      },
      { type: 'function_call_output', call_id: call.call_id, output: 'sunny' },
    ]);
  });

  it('sendReasoning false: the kept reasoning stays home, the call goes back alone', async () => {
    const model = await modelWith(() => ({ sse: responsesSse(readChunks(REASONING)) }), {
      ...stored,
      sendReasoning: false,
    });
    const first = finishOf(await collect(model.stream({ messages, tools })));
    expect(first.providerData).toBeDefined();
    await collect(model.stream({ messages: [...messages, ...turnOf(first, 'sunny')], tools }));
    const input = sent(1).input as Array<{ type?: string }>;
    expect(input.some((item) => item.type === 'reasoning')).toBe(false);
    expect(input.map((item) => item.type).slice(2)).toEqual(['function_call', 'function_call_output']);
  });

  it('refuses a sendReasoning that is not a boolean', () => {
    expect(() =>
      createOpenAIResponsesModel({
        model: 'o4-mini',
        apiKey: 'k',
        sendReasoning: 'no' as unknown as boolean,
      }),
    ).toThrow(/sendReasoning must be true or false/);
  });

  it('reasoning before the text goes back before the assistant message', async () => {
    const model = await modelWith(
      () => ({ json: readResponse('openai/responses/programmatic-tool-calling.3') }),
      stored,
    );
    const assistant: AgentMessage = {
      role: 'assistant',
      content: 'Checking.',
      toolCalls: [{ id: 'c1', name: 'weather', args: { location: 'SF' } }],
      providerData: {
        'openai-responses': {
          model: 'gpt-test',
          reasoning: [
            { id: 'rs_text', encryptedContent: 'enc-text', summary: [] },
            { id: 'rs_call', summary: ['why c1'], beforeCall: 'c1' },
          ],
        },
      },
    };
    await model.generate({ messages: [...messages, assistant] });
    expect(sent().input.slice(2)).toEqual([
      { type: 'reasoning', id: 'rs_text', encrypted_content: 'enc-text', summary: [] },
      { role: 'assistant', content: 'Checking.' },
      { type: 'reasoning', id: 'rs_call', summary: [{ type: 'summary_text', text: 'why c1' }] },
      { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"location":"SF"}' },
    ]);
  });

  it("another model's or another provider's data is not sent", async () => {
    const model = await modelWith(() => ({
      json: readResponse('openai/responses/programmatic-tool-calling.3'),
    }));
    const call = { id: 'c1', name: 'weather', args: { location: 'SF' } };
    const item = { id: 'rs_1', encryptedContent: 'enc', summary: [], beforeCall: 'c1' };
    await model.generate({
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: '',
          toolCalls: [call],
          providerData: { 'openai-responses': { model: 'o4-mini', reasoning: [item] } },
        },
        {
          role: 'assistant',
          content: '',
          toolCalls: [call],
          providerData: { gemini: { reasoning: [item] } },
        },
      ],
    });
    expect(sent().input.filter((entry: RecordedJson) => entry.type === 'reasoning')).toEqual([]);
    expect(JSON.stringify(sent().input)).not.toContain('enc');
  });

  it('not streamed: the whole response keeps its reasoning item before its call', async () => {
    // The stream's completed response: the reasoning item as the API wrote it there (its own encryption).
    const whole = readChunks(REASONING).find(
      (event: RecordedJson) => event.type === 'response.completed',
    ).response;
    const model = await modelWith(() => ({ json: { ...whole, status: 'completed' } }), stored);
    const response = await model.generate({ messages, tools });
    const [reasoning, call] = whole.output;
    expect(response.providerData).toEqual({
      'openai-responses': {
        model: 'gpt-test',
        reasoning: [
          {
            id: reasoning.id,
            encryptedContent: reasoning.encrypted_content,
            summary: [],
            beforeCall: call.call_id,
          },
        ],
      },
    });
    expect(sent()).toMatchObject({ stream: false, store: false, include: ['reasoning.encrypted_content'] });
  });

  it('not streamed: reasoning kept from the whole response; one before a program item is dropped', async () => {
    const answer = readResponse(PROGRAM);
    const model = await modelWith(() => ({ json: answer }), stored);
    const response = await model.generate({ messages, tools });
    // reasoning → program → function_call: the program item does not go back, so neither does its reasoning.
    expect(answer.output.map((item: RecordedJson) => item.type)).toEqual([
      'reasoning',
      'program',
      'function_call',
    ]);
    expect(response.providerData).toBeUndefined();
    expect(response.toolCalls).toEqual([
      { id: answer.output[2].call_id, name: 'getInventory', args: { sku: 'sku_123' } },
    ]);
    await closeResponses();
    const streamed = await modelWith(() => ({ sse: responsesSse(readChunks(PROGRAM)) }), stored);
    expect(finishOf(await collect(streamed.stream({ messages, tools }))).providerData).toBeUndefined();
  });

  it('store left to the API: reasoning items go back by id; no include unless encryptedReasoning', async () => {
    const model = await modelWith(() => ({ sse: responsesSse(readChunks(REASONING)) }), {
      reasoning: { effort: 'high' },
    });
    await collect(model.stream({ messages, tools }));
    expect(sent().include).toBeUndefined();
    expect(sent().store).toBeUndefined();
    await closeResponses();
    const asked = await modelWith(() => ({ sse: responsesSse(readChunks(REASONING)) }), {
      encryptedReasoning: true,
    });
    await collect(asked.stream({ messages }));
    expect(sent().include).toEqual(['reasoning.encrypted_content']);
    expect(sent().reasoning).toBeUndefined();
    await closeResponses();
    const refused = await modelWith(() => ({ sse: responsesSse(readChunks(REASONING)) }), {
      ...stored,
      encryptedReasoning: false,
    });
    await collect(refused.stream({ messages }));
    expect(sent().include).toBeUndefined();
  });

  it('store false: an item without encrypted content is not kept (OpenAI cannot read it back by id)', async () => {
    const bare = withReasoning((item) => ({ ...item, encrypted_content: null }));
    const model = await modelWith(() => ({ sse: responsesSse(bare) }), {
      store: false,
      encryptedReasoning: false,
    });
    expect(finishOf(await collect(model.stream({ messages, tools }))).providerData).toBeUndefined();
    await closeResponses();
    const kept = await modelWith(() => ({ sse: responsesSse(bare) }));
    const { reasoning, call } = recorded();
    expect(finishOf(await collect(kept.stream({ messages, tools }))).providerData).toEqual({
      'openai-responses': {
        model: 'gpt-test',
        reasoning: [{ id: reasoning.id, summary: [], beforeCall: call.call_id }],
      },
    });
  });
});

describe('createOpenAIResponsesModel: reasoning and text settings', () => {
  it.each([
    [
      { reasoning: { effort: 'extreme' } },
      /reasoning\.effort must be one of 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max', not "extreme"/,
    ],
    [
      { reasoning: { summary: 'short' } },
      /reasoning\.summary must be one of 'auto', 'concise', 'detailed', not "short"/,
    ],
    [{ reasoning: 'high' }, /reasoning must be an object/],
    [{ text: { verbosity: 'loud' } }, /text\.verbosity must be one of 'low', 'medium', 'high', not "loud"/],
    [{ text: ['low'] }, /text must be an object/],
    [{ encryptedReasoning: 'yes' }, /encryptedReasoning must be true or false/],
    [{ store: 'false' }, /store must be true or false/],
  ])('refuses %j with a typed error before any request', (options, message) => {
    const make = () =>
      createOpenAIResponsesModel({ model: 'gpt-test', apiKey: 'sk-test', ...(options as object) });
    expect(make).toThrow(message);
    try {
      make();
    } catch (error) {
      expect(error).toMatchObject({ name: 'AffordanceError', code: 'invalid_option' });
    }
  });

  it('verbosity sits beside a JSON-schema format in text', async () => {
    const model = await modelWith(
      () => ({ json: readResponse('openai/responses/programmatic-tool-calling.3') }),
      {
        text: { verbosity: 'high' },
      },
    );
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;
    await model.generate({ messages, responseFormat: { type: 'json', name: 'final_answer', schema } });
    expect(sent().text).toMatchObject({
      format: { type: 'json_schema', name: 'final_answer' },
      verbosity: 'high',
    });
  });
});
