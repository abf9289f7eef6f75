import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createMemoryStore } from '../ports/store.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentMessage, LanguageModel, ModelRequest, ModelResponse } from './model-types.js';
import { resumeAgent } from './resume-agent.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel, type ScriptedReply } from './testing/create-scripted-model.js';

// A scripted model whose every answer leaves provider data naming its turn, as a reasoning model's would.
function withProviderData(
  replies: readonly ScriptedReply[],
  first = 1,
): LanguageModel & { requests: ModelRequest[] } {
  const scripted = createScriptedModel(replies);
  const requests: ModelRequest[] = [];
  let turn = first - 1;
  const tag = (response: ModelResponse): ModelResponse => ({
    ...response,
    providerData: { test: { turn: ++turn, items: [{ kept: true }] } },
  });
  return {
    ...scripted,
    requests,
    async generate(request) {
      requests.push(request);
      return tag(await scripted.generate(request));
    },
    async *stream(request) {
      requests.push(request);
      for await (const part of scripted.stream(request)) {
        yield part.type === 'response-finish' ? { ...part, response: tag(part.response) } : part;
      }
    },
  };
}

const assistantData = (messages: readonly AgentMessage[]) =>
  messages.flatMap((message) => (message.role === 'assistant' ? [message.providerData] : []));

function registryOver(store = createMemoryStore()) {
  return createRegistry({
    store,
    actions: [
      defineAction({
        name: 'note_add',
        description: 'Add a note',
        input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const,
        handler: ({ text }) => `noted: ${text}`,
      }),
      defineAction({
        name: 'money_send',
        description: 'Send money',
        input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } as const,
        approval: 'always',
        handler: ({ amount }) => `sent ${amount}`,
      }),
    ],
  });
}

describe("a model's provider data in the agent loop", () => {
  it('rides on each assistant message, and the next turn is given it back, streamed or not', async () => {
    for (const stream of [false, true]) {
      const model = withProviderData([
        { text: 'Noting.', toolCalls: [{ id: 'c1', name: 'note_add', args: { text: 'rent' } }] },
        'Noted.',
      ]);
      const result = await runAgent({ model, registry: registryOver(), input: 'Note the rent', stream });
      expect(result.status).toBe('done');
      expect(assistantData(result.messages)).toEqual([
        { test: { turn: 1, items: [{ kept: true }] } },
        { test: { turn: 2, items: [{ kept: true }] } },
      ]);
      expect(assistantData(model.requests[1]!.messages)).toEqual([
        { test: { turn: 1, items: [{ kept: true }] } },
      ]);
    }
  });

  it('survives a pause for approval (the stored run state is JSON) and reaches the resumed turn', async () => {
    const store = createMemoryStore();
    const model = withProviderData([
      { text: 'Paying.', toolCalls: [{ id: 'c2', name: 'money_send', args: { amount: 40 } }] },
    ]);
    const paused = await runAgent({
      model,
      registry: registryOver(store),
      input: 'Pay',
      user: { id: 'alice' },
    });
    expect(paused.status).toBe('interrupted');
    const [interrupt] = paused.interrupts ?? [];
    const resumedModel = withProviderData(['Paid.'], 2);
    const resumed = await resumeAgent({
      model: resumedModel,
      registry: registryOver(store),
      runId: paused.runId,
      user: { id: 'alice' },
      decisions: [{ interruptId: interrupt!.id, approved: true }],
    });
    expect(resumed.status).toBe('done');
    expect(assistantData(resumedModel.requests[0]!.messages)).toEqual([
      { test: { turn: 1, items: [{ kept: true }] } },
    ]);
  });
});
