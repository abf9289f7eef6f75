import { createRegistry, defineAction, type Registry } from '@affordance/core';
import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';

/** A small registry for the adapter's tests: a free action, an admin-only one, one behind `when`, one rate limited, and a transfer that needs approval above 100. */
export function testRegistry(): { registry: Registry; runs: string[] } {
  const runs: string[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'addNote',
        description: 'Add a note',
        input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        handler: (input) => {
          runs.push(`addNote:${input.text}`);
          return { added: input.text };
        },
      }),
      defineAction({
        name: 'wipe',
        description: 'Wipe every note',
        input: { type: 'object', properties: {} },
        roles: ['admin'],
        handler: () => {
          runs.push('wipe');
          return { wiped: true };
        },
      }),
      defineAction({
        name: 'publish',
        description: 'Publish the notes',
        input: { type: 'object', properties: {} },
        when: ({ context }) =>
          context.draft === true ? true : { available: false, reason: 'there is no draft to publish' },
        handler: () => {
          runs.push('publish');
          return { published: true };
        },
      }),
      defineAction({
        name: 'ping',
        description: 'Ping the server',
        input: { type: 'object', properties: {} },
        rateLimit: { points: 1, duration: 60 },
        handler: () => {
          runs.push('ping');
          return 'pong';
        },
      }),
      defineAction({
        name: 'transfer',
        description: 'Move money',
        input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
        approval: ({ input }) => input.amount > 100,
        handler: (input) => {
          runs.push(`transfer:${input.amount}`);
          return { moved: input.amount };
        },
      }),
    ],
  });
  return { registry, runs };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A mock model turn that calls tools (for `MockLanguageModelV3`'s `doGenerate`). */
export function callsTurn(
  ...calls: Array<{ id: string; name: string; input: unknown }>
): LanguageModelV3GenerateResult {
  return {
    content: calls.map((call) => ({
      type: 'tool-call' as const,
      toolCallId: call.id,
      toolName: call.name,
      input: JSON.stringify(call.input),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

/** A mock model turn that answers with text. */
export function textTurn(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}
