// Replays recorded Gemini responses from test/fixtures/provider-streams/google
// (vercel/ai @ed857f5, packages/google/src/__fixtures__, Apache-2.0): runAgent through `@google/genai` end to end.
import { runAgent } from '@affordance/core';
import { createGeminiModel } from '@affordance/core/gemini';
import { describe, expect, it } from 'vitest';
import { geminiSse, readChunks, readResponse } from '../support/replay-fixtures.js';
import { replayForTest } from '../support/replay-for-test.js';
import { weatherRegistry } from '../support/weather-registry.js';

describe('runAgent through createGeminiModel', () => {
  for (const stream of [false, true]) {
    it(`${stream ? 'streaming' : 'not streaming'}: runs the recorded functionCall and sends its functionResponse back with the call's thought signature`, async () => {
      const name = 'google/google-tool-call-gemini3';
      const model = 'gemini-3-pro-preview';
      const server = await replayForTest({
        [`/v1beta/models/${model}:generateContent`]: () => ({ json: readResponse(name) }),
        [`/v1beta/models/${model}:streamGenerateContent`]: () => ({ sse: geminiSse(readChunks(name)) }),
      });
      const recorded = stream ? readChunks(name)[0] : readResponse(name);
      const signature = recorded.candidates[0].content.parts[0].thoughtSignature;
      const { registry, ran } = weatherRegistry();
      const result = await runAgent({
        model: createGeminiModel({ model, baseURL: server.url, apiKey: 'k' }),
        registry,
        system: 'Answer with the tools.',
        input: 'Weather in SF?',
        maxSteps: 2,
        stream,
      });
      expect(result).toMatchObject({ status: 'max_steps', protocol: 'native', steps: 2 });
      expect(ran).toEqual([{ location: 'San Francisco' }, { location: 'San Francisco' }]);
      const [first, second] = server.requests.map((request) => request.body);
      expect(server.requests.map((request) => request.path.split(':')[1])).toEqual(
        stream ? ['streamGenerateContent', 'streamGenerateContent'] : ['generateContent', 'generateContent'],
      );
      // The registry's `gemini` format: Gemini's schema subset, keywords it lacks dropped.
      const declarations = first.tools[0].functionDeclarations;
      expect(declarations.map((tool: { name: string }) => tool.name)).toEqual(['weather', 'done']);
      expect(declarations[0]).toEqual({
        name: 'weather',
        description: 'The weather at a place',
        parameters: {
          type: 'OBJECT',
          properties: { location: { type: 'STRING', minLength: '1' } },
          required: ['location'],
        },
      });
      expect(first.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
      expect(first.systemInstruction.parts[0].text).toContain('Answer with the tools.');
      expect(first.contents).toEqual([{ role: 'user', parts: [{ text: 'Weather in SF?' }] }]);
      expect(second.contents.slice(1)).toEqual([
        {
          role: 'model',
          parts: [
            {
              functionCall: { name: 'weather', args: { location: 'San Francisco' } },
              thoughtSignature: signature,
            },
          ],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'weather', response: { output: 'sunny in San Francisco' } } }],
        },
      ]);
    });
  }
});
