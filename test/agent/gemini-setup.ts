// The replay of the Gemini API that the Gemini provider tests talk to through `@google/genai`: recorded responses
// from test/fixtures/provider-streams/google (vercel/ai @ed857f5, packages/google/src/__fixtures__, Apache-2.0).
import { createGeminiModel } from '@affordance/core/gemini';
import type { RecordedJson } from '../support/replay-fixtures.js';

export { collect, finishOf } from '../support/model-parts.js';

import { replayForTest } from '../support/replay-for-test.js';
import type { ReplayAnswer, ReplayServer } from '../support/replay-server.js';

/** The replay server of the running test (a live binding: `modelFor` sets it; it closes when the test finishes). */
export let server: ReplayServer | undefined;

/** Close the running test's replay server now and forget it (`afterEach`, or before a second one). */
export async function closeGemini(): Promise<void> {
  await server?.close();
  server = undefined;
}

export const GENERATE = '/v1beta/models/gemini-test:generateContent';
export const STREAM = '/v1beta/models/gemini-test:streamGenerateContent';

/** A replay server answering both Gemini API routes of `model`, and a Gemini model pointed at it. */
export async function modelFor(answer: (body: unknown) => ReplayAnswer, model = 'gemini-test') {
  server = await replayForTest({
    [`/v1beta/models/${model}:generateContent`]: answer,
    [`/v1beta/models/${model}:streamGenerateContent`]: answer,
  });
  return createGeminiModel({ model, baseURL: server.url, apiKey: 'gemini-key', maxTokens: 256 });
}

/** The calls a recorded answer holds, read straight from its whole `functionCall` parts. */
export function recordedCalls(responses: readonly RecordedJson[]) {
  return responses.flatMap((response: RecordedJson) =>
    (response.candidates?.[0]?.content?.parts ?? [])
      .filter((part: RecordedJson) => part.functionCall?.name)
      .map((part: RecordedJson) => ({ name: part.functionCall.name, args: part.functionCall.args ?? {} })),
  );
}

export const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'What is the weather in San Francisco?' },
];
export const tools = [
  {
    name: 'weather',
    description: 'Weather at a place',
    parameters: { type: 'OBJECT', properties: { location: { type: 'STRING' } }, required: ['location'] },
  },
];
