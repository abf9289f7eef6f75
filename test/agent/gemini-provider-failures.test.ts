// Failures of the Gemini provider, served by a local replay of the Gemini API (recorded chunks from
// test/fixtures/provider-streams/google, vercel/ai @ed857f5, Apache-2.0) to Google's official `@google/genai` client.

import { AffordanceError } from '@affordance/core';
import type { ModelStreamPart } from '@affordance/core/agent';
import { createGeminiModel, GeminiError } from '@affordance/core/gemini';
import { ApiError } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf as failureOfError } from '../support/model-parts.js';
import { geminiSse, readChunks, readResponse } from '../support/replay-fixtures.js';
import { closeGemini, collect, messages, modelFor, server, tools } from './gemini-setup.js';

afterEach(closeGemini);

/** What a model call threw. */
const failureOf = (run: () => Promise<unknown>) =>
  failureOfError(run, (error) => GeminiError.isInstance(error));

describe('createGeminiModel: failures are GeminiErrors', () => {
  const chunks = () => readChunks('google/google-stream-no-args-tool-call');

  it('an HTTP error status, with the API’s own status and message', async () => {
    const model = await modelFor(() => ({
      status: 429,
      json: { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } },
    }));
    for (const run of [() => model.generate({ messages }), () => collect(model.stream({ messages }))]) {
      const error = await failureOf(run);
      expect(error).toMatchObject({ name: 'GeminiError', code: 'http_error', status: 429 });
      expect(AffordanceError.isInstance(error)).toBe(true);
      expect(error.cause).toBeInstanceOf(ApiError);
      expect(error.message).toContain('RESOURCE_EXHAUSTED: Resource has been exhausted');
    }
  });

  it('a stream cut off between chunks, before any finish reason', async () => {
    const model = await modelFor(() => ({ sse: geminiSse(chunks().slice(0, -1)) }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error.code).toBe('cut_off');
  });

  it('a stream cut off in the middle of a chunk', async () => {
    const events = geminiSse(chunks());
    const half = events.at(-1)!.slice(0, 40);
    const model = await modelFor(() => ({ sse: [...events.slice(0, -1), half] }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error.code).toBe('cut_off');
  });

  it('a chunk that is not JSON', async () => {
    const events = geminiSse(chunks());
    const model = await modelFor(() => ({ sse: [events[0]!, 'data: {"candidates": [{"content":\r\n\r\n'] }));
    const error = await failureOf(() => collect(model.stream({ messages, tools })));
    expect(error.code).toBe('invalid_stream');
  });

  it('a blocked prompt (no candidate, a block reason)', async () => {
    const blocked = {
      promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
      usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 },
    };
    const model = await modelFor(() => ({ json: blocked }));
    const error = await failureOf(() => model.generate({ messages }));
    expect(error).toMatchObject({ code: 'blocked' });
    expect(error.message).toContain('PROHIBITED_CONTENT');
    await server!.close();
    const streaming = await modelFor(() => ({ sse: geminiSse([blocked]) }));
    expect((await failureOf(() => collect(streaming.stream({ messages })))).code).toBe('blocked');
  });

  it('an answer stopped by a safety filter is a content-filter finish, not an error', async () => {
    const model = await modelFor(() => ({
      json: {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Partly' }] }, finishReason: 'SAFETY' }],
      },
    }));
    expect(await model.generate({ messages })).toEqual({
      text: 'Partly',
      toolCalls: [],
      finishReason: 'content-filter',
    });
  });

  it('an abort in the middle of a stream the server keeps open', async () => {
    const model = await modelFor(() => ({ sse: geminiSse(chunks().slice(0, 2)), hold: true }));
    const controller = new AbortController();
    const seen: ModelStreamPart[] = [];
    const error = await failureOf(async () => {
      for await (const part of model.stream({ messages, tools, signal: controller.signal })) {
        seen.push(part);
        controller.abort();
      }
    });
    expect(error.code).toBe('aborted');
    expect(seen).toEqual([{ type: 'tool-input-start', id: expect.any(String), name: 'read_theme' }]);
  });

  it('an abort before the call is sent (the client itself only hears aborts that come later)', async () => {
    const model = await modelFor(() => ({ json: readResponse('google/google-tool-call') }));
    const controller = new AbortController();
    controller.abort();
    const signal = controller.signal;
    expect((await failureOf(() => model.generate({ messages, signal }))).code).toBe('aborted');
    expect((await failureOf(() => collect(model.stream({ messages, signal })))).code).toBe('aborted');
    expect(server!.requests).toEqual([]);
  });

  it('refuses a missing model name', () => {
    expect(() => createGeminiModel({ model: '' })).toThrow(/model must be a non-empty string/);
  });
});

describe('createGeminiModel: a caller that stops reading', () => {
  it('hangs up the stream when the caller leaves before its end', async () => {
    const chunks = readChunks('google/google-stream-no-args-tool-call');
    const model = await modelFor(() => ({ sse: geminiSse(chunks.slice(0, 2)), hold: true }));
    for await (const part of model.stream({ messages, tools })) {
      expect(part.type).toBe('tool-input-start');
      break;
    }
    // The held answer never ends by itself: only the client hanging up closes it.
    await server!.requests[0]!.closed;
    expect(server!.requests).toHaveLength(1);
  });
});
