// /agui with AFFORDANCE_MODEL-style `gemini:<model>` settings, the model answering from a local replay of the Gemini
// API (`@google/genai` pointed at it through GOOGLE_GEMINI_BASE_URL).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { geminiSse } from '../support/replay-fixtures.js';
import { type ReplayAnswer, startReplayServer } from '../support/replay-server.js';
import { agentFor, closeAll, expectValidStream, listen, onCleanup, runOnce } from './agui-setup.js';

afterEach(closeAll);

async function gemini(model: string, answer: () => ReplayAnswer, env: Record<string, string>) {
  const server = await startReplayServer({
    [`/v1beta/models/${model}:generateContent`]: answer,
    [`/v1beta/models/${model}:streamGenerateContent`]: answer,
  });
  onCleanup(() => server.close());
  vi.stubEnv('GOOGLE_GEMINI_BASE_URL', server.url);
  vi.stubEnv('GOOGLE_API_KEY', '');
  vi.stubEnv('GEMINI_API_KEY', '');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  onCleanup(async () => {
    vi.unstubAllEnvs();
  });
  return server;
}

const hello = [
  { candidates: [{ content: { role: 'model', parts: [{ text: 'Hello from ' }] } }] },
  {
    candidates: [{ content: { role: 'model', parts: [{ text: 'Gemini.' }] }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 3, totalTokenCount: 23 },
  },
];

describe('POST /agui with a gemini:<model> setting', () => {
  it('builds the Gemini model from the environment and streams its answer', async () => {
    const server = await gemini('gemini-2.5-flash', () => ({ sse: geminiSse(hello) }), {
      GEMINI_API_KEY: 'gemini-key',
    });
    const { url } = await listen({ model: 'google:gemini-2.5-flash' });
    const { events } = await runOnce(agentFor(url, 'thread-gemini', 'hi'));
    await expectValidStream(events);
    expect(events.at(-1)?.type).toBe('RUN_FINISHED');
    const text = events
      .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
      .map((event) => (event as unknown as { delta: string }).delta)
      .join('');
    expect(text).toBe('Hello from Gemini.');
    const request = server.requests[0]!;
    expect(request.headers['x-goog-api-key']).toBe('gemini-key');
    expect(request.body.contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'hi' }] });
    expect(request.body.tools[0].functionDeclarations.length).toBeGreaterThan(0);
  });

  it('refuses a Gemini setting without a key as RUN_ERROR model_config, sending nothing', async () => {
    const server = await gemini('gemini-2.5-flash', () => ({ sse: geminiSse(hello) }), {});
    const { url } = await listen({ model: 'gemini:gemini-2.5-flash' });
    const { events } = await runOnce(agentFor(url, 'thread-gemini-key', 'hi'));
    expect(events[1]).toMatchObject({ type: 'RUN_ERROR', code: 'model_config' });
    expect((events[1] as unknown as { message: string }).message).toMatch(
      /GEMINI_API_KEY \(or GOOGLE_API_KEY\)/,
    );
    expect(server.requests).toEqual([]);
  });

  it('reports a Gemini HTTP error as RUN_ERROR agent_failed with the API message', async () => {
    const denied = {
      status: 403,
      json: { error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' } },
    };
    await gemini('gemini-2.5-flash', () => denied, { GOOGLE_API_KEY: 'wrong' });
    const { url } = await listen({ model: 'gemini:gemini-2.5-flash' });
    const { events } = await runOnce(agentFor(url, 'thread-gemini-403', 'hi'));
    await expectValidStream(events);
    expect(events.at(-1)).toMatchObject({
      type: 'RUN_ERROR',
      code: 'agent_failed',
      message: expect.stringMatching(/HTTP 403: PERMISSION_DENIED: API key not valid/),
    });
  });
});
