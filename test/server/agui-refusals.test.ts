import { createOpenAIModel } from '@affordance/core/openai';
import { createMemoryConversationStore } from '@affordance/core/ports';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_MODEL_MESSAGE } from '../../packages/server/src/routes/agui-route.js';
import { startReplayServer } from '../support/replay-server.js';
import {
  agentFor,
  CONFIRM_TOOL,
  closeAll,
  expectValidStream,
  lastRequest,
  listen,
  onCleanup,
  replay,
  runOnce,
} from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

describe('POST /agui refusals', () => {
  it('answers RUN_STARTED then a RUN_ERROR that says how to configure a model', async () => {
    const { url } = await listen();
    const agent = agentFor(url, 'thread-none', 'make shape-1 red');
    const { events, types } = await runOnce(agent, { runId: 'run-none', tools: [CONFIRM_TOOL] });
    expect(types).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(events[1]).toMatchObject({ code: 'no_model', message: NO_MODEL_MESSAGE });
    expect(NO_MODEL_MESSAGE).toContain('AFFORDANCE_MODEL=openai:<model>');
    await expectValidStream(events);
  });

  it('builds an openai:<model> setting with OPENAI_BASE_URL from the environment', async () => {
    const model = await replay([replyFrames('Hello from the configured model.')]);
    vi.stubEnv('OPENAI_BASE_URL', model.baseURL);
    vi.stubEnv('OPENAI_API_KEY', '');
    onCleanup(async () => {
      vi.unstubAllEnvs();
    });
    const { url } = await listen({ model: 'openai:replay-model' });
    const { events } = await runOnce(agentFor(url, 'thread-env', 'hi'));
    await expectValidStream(events);
    expect(events.at(-1)?.type).toBe('RUN_FINISHED');
    expect(lastRequest(model).model).toBe('replay-model');
  });

  it('reports a failing model request as RUN_ERROR agent_failed, with the provider message', async () => {
    const server = await startReplayServer({
      '/v1/chat/completions': () => ({
        json: { error: { message: 'model replay-x does not exist' } },
        status: 400,
      }),
    });
    onCleanup(() => server.close());
    const model = createOpenAIModel({ model: 'replay-x', baseURL: `${server.url}/v1`, apiKey: 'sk-replay' });
    const { url } = await listen({ model });
    const { events } = await runOnce(agentFor(url, 'thread-fail', 'hi'));
    await expectValidStream(events);
    expect(events.map((event) => event.type)).toEqual(['RUN_STARTED', 'STEP_STARTED', 'RUN_ERROR']);
    expect(events.at(-1)).toMatchObject({
      code: 'agent_failed',
      message: expect.stringMatching(/does not exist/),
    });
  });

  it('reports a model setting it cannot build as RUN_ERROR model_config', async () => {
    const { url } = await listen({ model: 'cobol:gpt-1' });
    const { events } = await runOnce(agentFor(url, 'thread-config', 'hi'));
    expect(events[1]).toMatchObject({ type: 'RUN_ERROR', code: 'model_config' });
    expect((events[1] as unknown as { message: string }).message).toMatch(
      /known providers are openai, openai-responses, anthropic and gemini/,
    );
  });

  it('answers a malformed body with a typed 400 before any event', async () => {
    const model = await replay([]);
    const { url } = await listen({ model: model.model });
    const post = (body: string) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const notJson = await post('nope');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'invalid_json_body' } });
    const badMessages = await post(JSON.stringify({ threadId: 't', runId: 'r', messages: 'hello' }));
    expect(badMessages.status).toBe(400);
    expect(await badMessages.json()).toMatchObject({
      error: { code: 'invalid_request', message: 'RunAgentInput: `messages` must be an array' },
    });
    const badRole = await post(JSON.stringify({ messages: [{ id: 'm', role: 'robot', content: '' }] }));
    expect(await badRole.json()).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringMatching(/robot/) },
    });
    const twice = await post(JSON.stringify({ messages: [], tools: [CONFIRM_TOOL, CONFIRM_TOOL] }));
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({
      error: { code: 'invalid_request', message: "tools: the client tool 'confirmChoice' is given twice" },
    });
    const badSchema = await post(
      JSON.stringify({
        messages: [],
        tools: [{ name: 'pick', description: 'd', parameters: { type: 'nope' } }],
      }),
    );
    expect(badSchema.status).toBe(400);
    expect(model.server.requests).toHaveLength(0);
  });

  it("refuses another user's thread with 403", async () => {
    const conversations = createMemoryConversationStore();
    await conversations.createSession({ id: 'thread-ana', userId: 'ana' });
    const model = await replay([]);
    const { url } = await listen({ model: model.model, conversations });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 'thread-ana', runId: 'r', messages: [], tools: [], context: [] }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});
