// Failures of the Responses provider, served by a local replay of `POST /v1/responses` (recorded events from
// test/fixtures/provider-streams, vercel/ai @ed857f5, Apache-2.0) to the official `openai` client.

import { AffordanceError } from '@affordance/core';
import type { ModelStreamPart } from '@affordance/core/agent';
import { OpenAIResponsesError } from '@affordance/core/openai';
import { APIError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf as failureOfError } from '../support/model-parts.js';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import {
  closeResponses,
  collect,
  messages,
  modelFor,
  RECORDED,
  server,
  tools,
} from './openai-responses-setup.js';

afterEach(closeResponses);

/** What a model call threw. */
const failureOf = (run: () => Promise<unknown>) =>
  failureOfError(run, (error) => OpenAIResponsesError.isInstance(error));

const events = () => readChunks(RECORDED.parallel);

describe('createOpenAIResponsesModel: failures are OpenAIResponsesErrors', () => {
  it('HTTP 429 (rate limit): the status and the API’s own code and message, streaming or not', async () => {
    const model = await modelFor(() => ({
      status: 429,
      json: {
        error: {
          message: 'Rate limit reached for gpt-test on tokens per min (TPM).',
          type: 'tokens',
          code: 'rate_limit_exceeded',
          param: null,
        },
      },
    }));
    for (const run of [() => model.generate({ messages }), () => collect(model.stream({ messages }))]) {
      const error = await failureOf(run);
      expect(error).toMatchObject({
        name: 'OpenAIResponsesError',
        code: 'http_error',
        status: 429,
        apiCode: 'rate_limit_exceeded',
      });
      expect(AffordanceError.isInstance(error)).toBe(true);
      expect(error.cause).toBeInstanceOf(APIError);
      expect(error.message).toContain('Rate limit reached for gpt-test');
    }
    expect(server!.requests).toHaveLength(2);
  });

  it('HTTP 500 (overloaded) after the client’s retries', async () => {
    const model = await modelFor(
      () => ({
        status: 500,
        json: {
          error: { message: 'The server had an error while processing your request.', type: 'server_error' },
        },
      }),
      1,
    );
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error).toMatchObject({ code: 'http_error', status: 500 });
    expect(error.message).toContain('The server had an error');
    // One try and one retry.
    expect(server!.requests).toHaveLength(2);
  });

  it('a stream cut off between events, before response.completed', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(events().slice(0, -1)) }));
    const seen: ModelStreamPart[] = [];
    const error = await failureOf(async () => {
      for await (const part of model.stream({ messages, tools })) seen.push(part);
    });
    expect(error.code).toBe('cut_off');
    // The deltas came as they arrived; no call and no finish did.
    expect(seen.filter((part) => part.type === 'tool-input-start')).toHaveLength(2);
    expect(seen.filter((part) => part.type === 'tool-call' || part.type === 'response-finish')).toEqual([]);
  });

  it('a stream cut off in the middle of an event', async () => {
    const sse = responsesSse(events());
    const half = sse.at(-1)!.slice(0, 60);
    const model = await modelFor(() => ({ sse: [...sse.slice(0, -1), half] }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error.code).toBe('cut_off');
  });

  it('a response.failed event: the response’s error', async () => {
    const failed = events().at(-1) as RecordedJson;
    const last = {
      ...failed,
      type: 'response.failed',
      response: {
        ...failed.response,
        status: 'failed',
        output: [],
        error: { code: 'server_error', message: 'The model is overloaded.' },
      },
    };
    const model = await modelFor(() => ({ sse: responsesSse([...events().slice(0, 4), last]) }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error).toMatchObject({ code: 'failed', apiCode: 'server_error' });
    expect(error.message).toContain('The model is overloaded.');
  });

  it('an error event in the middle of the stream', async () => {
    const errorEvent = {
      type: 'error',
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached.',
      param: null,
      sequence_number: 4,
    };
    const model = await modelFor(() => ({ sse: responsesSse([...events().slice(0, 4), errorEvent]) }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error).toMatchObject({ code: 'failed', apiCode: 'rate_limit_exceeded' });
    expect(error.message).toContain('Rate limit reached.');
  });

  it('an event that is not JSON', async () => {
    const sse = responsesSse(events());
    const model = await modelFor(() => ({
      sse: [sse[0]!, 'event: response.in_progress\ndata: {"type":\n\n'],
    }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error.code).toBe('invalid_stream');
  });

  it('an abort in the middle of a stream the server keeps open', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(events().slice(0, 3)), hold: true }));
    const controller = new AbortController();
    const seen: ModelStreamPart[] = [];
    const error = await failureOf(async () => {
      for await (const part of model.stream({ messages, tools, signal: controller.signal })) {
        seen.push(part);
        controller.abort();
      }
    });
    expect(error.code).toBe('aborted');
    expect(seen).toEqual([
      { type: 'tool-input-start', id: expect.stringMatching(/^call_/), name: 'weather' },
    ]);
  });

  it('an abort before the call is sent: no request', async () => {
    const model = await modelFor(() => ({ json: readResponse(RECORDED.toolCall) }));
    const controller = new AbortController();
    controller.abort();
    const signal = controller.signal;
    expect((await failureOf(() => model.generate({ messages, signal }))).code).toBe('aborted');
    expect((await failureOf(() => collect(model.stream({ messages, signal })))).code).toBe('aborted');
    expect(server!.requests).toEqual([]);
  });

  it('a failed whole response', async () => {
    const recorded = readResponse(RECORDED.toolCall);
    const model = await modelFor(() => ({
      json: {
        ...recorded,
        status: 'failed',
        output: [],
        error: { code: 'server_error', message: 'Overloaded.' },
      },
    }));
    expect(await failureOf(() => model.generate({ messages }))).toMatchObject({
      code: 'failed',
      apiCode: 'server_error',
    });
  });
});

describe('createOpenAIResponsesModel: a caller that stops reading', () => {
  it('hangs up the stream when the caller leaves before its end', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(events().slice(0, 3)), hold: true }));
    for await (const part of model.stream({ messages, tools })) {
      expect(part.type).toBe('tool-input-start');
      break;
    }
    // The held answer never ends by itself: only the client hanging up closes it.
    await server!.requests[0]!.closed;
    expect(server!.requests).toHaveLength(1);
  });
});
