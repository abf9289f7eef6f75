// Three AI SDK provider packages, pointed at a local server that replays recorded streams of their APIs
// (test-fixtures/SOURCE.md), drive runAgent through createAISDKModel.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistry, defineAction } from '@affordance/core';
import { runAgent } from '@affordance/core/agent';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKModel } from './create-ai-sdk-model.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../test-fixtures/${name}.chunks.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

/** A server that answers every request with the current recorded stream as server-sent events, and keeps the bodies. */
let server: Server;
let base = '';
let chunks: string[] = [];
const bodies: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (data: Buffer) => {
      text += data.toString('utf8');
    });
    request.on('end', () => {
      bodies.push({ path: request.url, ...(JSON.parse(text) as Record<string, unknown>) });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const chunk of chunks) response.write(`data: ${chunk}\n\n`);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function weatherRegistry(runs: unknown[]) {
  const weather = (name: string) =>
    defineAction({
      name,
      description: 'Get the current weather at a location',
      input: {
        type: 'object',
        properties: {
          location: { type: 'string' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['location'],
      },
      handler: (input) => {
        runs.push({ [name]: input });
        return { location: input.location, temperature: 18 };
      },
    });
  return createRegistry({
    actions: [
      weather('get_weather'),
      weather('weather'),
      weather('getWeather'),
      defineAction({
        name: 'updateIssueList',
        description: 'Update the issue list',
        input: { type: 'object', properties: {} },
        handler: () => {
          runs.push({ updateIssueList: {} });
          return 'issue list updated';
        },
      }),
    ],
  });
}

/** Run two agent steps against one recorded stream: the model calls the tool each time. */
async function replay(name: string, model: LanguageModel) {
  chunks = fixture(name);
  bodies.length = 0;
  const runs: unknown[] = [];
  const result = await runAgent({
    model: createAISDKModel({ model, maxRetries: 0 }),
    registry: weatherRegistry(runs),
    input: 'What is the weather?',
    user: { id: 'alice' },
    stream: true,
    maxSteps: 2,
  });
  return { result, runs, bodies: [...bodies] };
}

describe('createAISDKModel over recorded provider streams', () => {
  it('OpenAI Responses (@ai-sdk/openai): a streamed function call runs, its output goes back as function_call_output', async () => {
    const openai = createOpenAI({ baseURL: `${base}/v1`, apiKey: 'test-key' });
    const { result, runs, bodies } = await replay('openai-responses-tool-call', openai.responses('gpt-5'));
    expect(result.status).toBe('max_steps');
    expect(runs).toEqual([
      { get_weather: { location: 'San Francisco, CA', unit: 'fahrenheit' } },
      { get_weather: { location: 'San Francisco, CA', unit: 'fahrenheit' } },
    ]);
    expect(bodies[0]!.path).toBe('/v1/responses');
    expect((bodies[0]!.tools as Array<{ name: string }>).map((tool) => tool.name)).toContain('get_weather');
    const input = bodies[1]!.input as Array<Record<string, unknown>>;
    expect(input.find((item) => item.type === 'function_call_output')).toEqual({
      type: 'function_call_output',
      call_id: 'call_Q7pq6EfVGRnauPLWSSYBGJ1l',
      output: '{"location":"San Francisco, CA","temperature":18}',
    });
  });

  it('Anthropic Messages (@ai-sdk/anthropic): text, then a tool use without arguments, answered with tool_result', async () => {
    const anthropic = createAnthropic({ baseURL: `${base}/v1`, apiKey: 'test-key' });
    const { result, runs, bodies } = await replay(
      'anthropic-text-then-tool-call',
      anthropic('claude-sonnet-4-5'),
    );
    expect(runs).toEqual([{ updateIssueList: {} }, { updateIssueList: {} }]);
    expect(result.text).toBe("I'll update the issue list for you.");
    expect(bodies[0]!.path).toBe('/v1/messages');
    const messages = bodies[1]!.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(messages.at(-1)!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP',
        content: 'issue list updated',
      },
    ]);
  });

  it('Gemini (@ai-sdk/google): a function call runs, and its thought signature goes back with it', async () => {
    const google = createGoogleGenerativeAI({ baseURL: `${base}/v1beta`, apiKey: 'test-key' });
    const { runs, bodies } = await replay('google-tool-call', google('gemini-3-pro-preview'));
    expect(runs).toEqual([
      { weather: { location: 'San Francisco' } },
      { weather: { location: 'San Francisco' } },
    ]);
    expect(bodies[0]!.path).toBe('/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse');
    const contents = bodies[1]!.contents as Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    const [call, answer] = contents.slice(-2);
    expect(call!.parts[0]).toMatchObject({
      functionCall: { name: 'weather', args: { location: 'San Francisco' } },
      thoughtSignature: expect.stringMatching(/^EqUCCqIC/),
    });
    expect(answer!.parts[0]).toMatchObject({
      functionResponse: {
        name: 'weather',
        response: { name: 'weather', content: '{"location":"San Francisco","temperature":18}' },
      },
    });
  });

  it('Gemini 3.1 (@ai-sdk/google): arguments streamed as partialArgs become two whole calls', async () => {
    const google = createGoogleGenerativeAI({ baseURL: `${base}/v1beta`, apiKey: 'test-key' });
    const { runs } = await replay('google-streamed-tool-call-arguments', google('gemini-3.1-pro-preview'));
    expect(runs.slice(0, 2)).toEqual([
      { getWeather: { location: 'Boston' } },
      { getWeather: { location: 'San Francisco' } },
    ]);
  });
});
