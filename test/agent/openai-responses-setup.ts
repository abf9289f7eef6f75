// The replay of the OpenAI Responses API (`POST /v1/responses`) the Responses provider tests talk to through the
// official `openai` client: recorded streams from test/fixtures/provider-streams (vercel/ai @ed857f5,
// packages/*/src/**/__fixtures__, Apache-2.0) and the adapted ones in responses-adapted/ (see its SOURCE.md).
import { createOpenAIResponsesModel } from '@affordance/core/openai';
import { type RecordedJson, readChunks } from '../support/replay-fixtures.js';

export { collect, finishOf } from '../support/model-parts.js';

import { replayForTest } from '../support/replay-for-test.js';
import type { ReplayAnswer, ReplayServer } from '../support/replay-server.js';

/** The replay server of the running test (a live binding: `modelFor` sets it; it closes when the test finishes). */
export let server: ReplayServer | undefined;

/** Close the running test's replay server now and forget it (`afterEach`, or before a second one). */
export async function closeResponses(): Promise<void> {
  await server?.close();
  server = undefined;
}

/** Start a replay server answering `POST /v1/responses` for the running test (its URL in `server`). */
export async function replayResponses(answer: (body: unknown) => ReplayAnswer): Promise<ReplayServer> {
  server = await replayForTest({ '/v1/responses': answer });
  return server;
}

/** A replay server answering `/v1/responses`, and a Responses model pointed at it (no client retries). */
export async function modelFor(answer: (body: unknown) => ReplayAnswer, maxRetries = 0) {
  const replay = await replayResponses(answer);
  return createOpenAIResponsesModel({
    model: 'gpt-test',
    baseURL: `${replay.url}/v1`,
    apiKey: 'sk-test',
    maxRetries,
  });
}

/** The recordings the tests replay. */
export const RECORDED = {
  /** Azure OpenAI gpt-5.1: one `weather` call, its arguments in six deltas. */
  toolCall: 'azure/azure-tool-call.1',
  /** LM Studio (open-responses): reasoning, a text message, then one `weather` call sent whole in `.done`. */
  textThenCall: 'open-responses/responses/lmstudio-tool-call.1',
  /** OpenAI: a `program_output` item (not a call), then a text answer. */
  text: 'openai/responses/programmatic-tool-calling.3',
  /** Adapted from `toolCall`: a second call (`Rome`) after the first. */
  parallel: 'responses-adapted/parallel-tool-calls',
  /** Adapted from `text`: the answer's text is JSON. */
  json: 'responses-adapted/json-answer',
} as const;

/** The calls a recorded stream holds, read straight from its finished `function_call` items. */
export function recordedCalls(name: string) {
  return readChunks(name)
    .filter((event: RecordedJson) => event.type === 'response.output_item.done')
    .map((event: RecordedJson) => event.item)
    .filter((item: RecordedJson) => item.type === 'function_call')
    .map((item: RecordedJson) => ({ id: item.call_id, name: item.name, args: JSON.parse(item.arguments) }));
}

/** The text a recorded stream's `output_text.done` events hold. */
export function recordedText(name: string): string {
  return readChunks(name)
    .filter((event: RecordedJson) => event.type === 'response.output_text.done')
    .map((event: RecordedJson) => event.text)
    .join('');
}

/** The usage of a recorded stream's `response.completed` event, as a `ModelUsage`. */
export function recordedUsage(name: string) {
  const usage = readChunks(name).find((event: RecordedJson) => event.type === 'response.completed').response
    .usage;
  return { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
}

export const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'What is the weather in San Francisco?' },
];
export const tools = [
  {
    type: 'function',
    name: 'weather',
    description: 'Weather at a place',
    parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    strict: false,
  },
];
