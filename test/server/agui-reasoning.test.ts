// /agui with a reasoning model on the OpenAI Responses API: the reasoning item of a run goes back on its next turn,
// and again when the client continues the thread (the client's messages carry no provider data: the server puts back
// what it stored). The model replays responses-adapted/reasoning-then-call and openai/responses/programmatic-tool-
// calling.3 from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0; see responses-adapted/SOURCE.md)
// through the official `openai` client.
import { createOpenAIResponsesModel } from '@affordance/core/openai';
import { HttpAgent } from '@ag-ui/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, responsesSse } from '../support/replay-fixtures.js';
import { startReplayServer } from '../support/replay-server.js';
import { closeAll, listen, onCleanup, runOnce } from './agui-setup.js';

afterEach(closeAll);

const REASONING = 'responses-adapted/reasoning-then-call';
const TEXT = 'openai/responses/programmatic-tool-calling.3';

const reasoningItem = () =>
  readChunks(REASONING).find(
    (event: RecordedJson) => event.type === 'response.output_item.done' && event.item.type === 'reasoning',
  ).item;

/** The reasoning items a request sent, each with the type of the item right after it. */
function reasoningSent(body: RecordedJson) {
  const input: RecordedJson[] = body.input;
  return input.flatMap((item, index) =>
    item.type === 'reasoning'
      ? [{ id: item.id, encrypted: item.encrypted_content, next: input[index + 1]?.type }]
      : [],
  );
}

describe('POST /agui with a Responses reasoning model', () => {
  it('sends the stored reasoning item back when the client continues the thread', async () => {
    const answers = [REASONING, TEXT, TEXT].map((name) => responsesSse(readChunks(name)));
    let next = 0;
    const replay = await startReplayServer({ '/v1/responses': () => ({ sse: answers[next++] ?? [] }) });
    onCleanup(() => replay.close());
    const model = createOpenAIResponsesModel({
      model: 'gpt-test',
      baseURL: `${replay.url}/v1`,
      apiKey: 'sk-test',
      store: false,
      reasoning: { effort: 'low' },
    });
    const { url, conversations } = await listen({ model });
    const agent = new HttpAgent({ url, threadId: 'thread-think' });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Weather in SF?' });
    expect((await runOnce(agent)).failure).toBeUndefined();
    agent.addMessage({ id: 'u2', role: 'user', content: 'And tomorrow?' });
    expect((await runOnce(agent)).failure).toBeUndefined();

    const item = reasoningItem();
    const expected = [{ id: item.id, encrypted: item.encrypted_content, next: 'function_call' }];
    const bodies = replay.requests.map((request) => request.body as RecordedJson);
    expect(bodies).toHaveLength(3);
    expect(reasoningSent(bodies[0])).toEqual([]);
    // The run's own next turn, then the next run, built from the client's messages.
    expect(reasoningSent(bodies[1])).toEqual(expected);
    expect(reasoningSent(bodies[2])).toEqual(expected);
    const stored = await conversations.listMessages('thread-think');
    expect(stored.filter((message) => message.providerData).map((message) => message.role)).toEqual([
      'assistant',
    ]);
    // The client never sees it.
    expect(JSON.stringify(agent.messages)).not.toContain(item.id);
  });
});
