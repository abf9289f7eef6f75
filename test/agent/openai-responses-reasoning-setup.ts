// Shared by the Responses reasoning tests: the recordings they replay (test/fixtures/provider-streams, vercel/ai
// @ed857f5, Apache-2.0; responses-adapted/reasoning-then-call adapted from openai/responses/programmatic-tool-calling.1,
// see its SOURCE.md) and a model over the replay of the running test.
import type { AgentMessage, ModelResponse } from '@affordance/core/agent';
import { createOpenAIResponsesModel, type OpenAIResponsesModelOptions } from '@affordance/core/openai';
import { type RecordedJson, readChunks } from '../support/replay-fixtures.js';
import type { ReplayAnswer } from '../support/replay-server.js';
import { replayResponses, server } from './openai-responses-setup.js';

/** An encrypted reasoning item (OpenAI, `store: false`), then a `weather` call. */
export const REASONING = 'responses-adapted/reasoning-then-call';
/** OpenAI: an encrypted reasoning item, a `program` item, then a call the program made. */
export const PROGRAM = 'openai/responses/programmatic-tool-calling.1';

export const sent = (index = 0) => server!.requests[index]!.body as RecordedJson;

/** A replay answering every request with `answer`, and a Responses model with `options` pointed at it. */
export async function modelWith(
  answer: () => ReplayAnswer,
  options: Partial<OpenAIResponsesModelOptions> = {},
) {
  const replay = await replayResponses(answer);
  return createOpenAIResponsesModel({
    model: 'gpt-test',
    baseURL: `${replay.url}/v1`,
    apiKey: 'sk-test',
    maxRetries: 0,
    ...options,
  });
}

/** The recorded reasoning item and call of `REASONING`, as their `output_item.done` events hold them. */
export function recorded() {
  const done = readChunks(REASONING).filter(
    (event: RecordedJson) => event.type === 'response.output_item.done',
  );
  return { reasoning: done[0].item, call: done[1].item };
}

/** `REASONING`'s events with its reasoning item (`output_item.done`) changed by `change`. */
export function withReasoning(change: (item: RecordedJson) => RecordedJson): RecordedJson[] {
  return readChunks(REASONING).map((event: RecordedJson) =>
    event.type === 'response.output_item.done' && event.item.type === 'reasoning'
      ? { ...event, item: change(event.item) }
      : event,
  );
}

export const stored = { store: false, reasoning: { effort: 'low', summary: 'auto' } } as const;

/** The assistant message of a response and the tool message answering each of its calls with `output`. */
export function turnOf(response: ModelResponse, output: string): AgentMessage[] {
  return [
    {
      role: 'assistant',
      content: response.text,
      toolCalls: response.toolCalls.map((call) => ({
        id: call.id,
        name: call.name,
        args: 'args' in call ? call.args : call.argsText,
      })),
      ...(response.providerData ? { providerData: response.providerData } : {}),
    },
    {
      role: 'tool',
      content: '',
      toolResults: response.toolCalls.map((call) => ({
        toolCallId: call.id,
        name: call.name,
        ok: true,
        output,
      })),
    },
  ];
}
