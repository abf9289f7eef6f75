import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { ActionCallError } from './action-call-error.js';
import { affordanceTools } from './affordance-tools.js';
import { callsTurn, testRegistry, textTurn } from './test-actions.fixture.js';

const alice = { id: 'alice', roles: ['editor'] };

describe('affordanceTools', () => {
  it('offers the available actions with their JSON schemas', () => {
    const { registry } = testRegistry();
    const tools = affordanceTools(registry, { user: alice });
    // wipe needs admin and publish needs a draft: neither is offered.
    expect(Object.keys(tools).sort()).toEqual(['addNote', 'ping', 'transfer']);
    expect(tools.transfer?.needsApproval).toBeTypeOf('function');
    expect(tools.addNote?.needsApproval).toBeUndefined();
  });

  it('runs a call through the pipeline with the user, session and tool-call id, and audits it', async () => {
    const { registry, runs } = testRegistry();
    const model = new MockLanguageModelV3({
      doGenerate: [callsTurn({ id: 'call-1', name: 'addNote', input: { text: 'milk' } }), textTurn('Added.')],
    });
    const result = await generateText({
      model,
      tools: affordanceTools(registry, { user: alice, sessionId: 's1' }),
      prompt: 'note milk',
      stopWhen: stepCountIs(3),
    });
    expect(runs).toEqual(['addNote:milk']);
    expect(result.text).toBe('Added.');
    expect(result.steps[0]?.toolResults.map((part) => part.output)).toEqual([{ added: 'milk' }]);
    const { records } = await registry.store.audit.query({ sessionId: 's1' });
    expect(records.map((record) => [record.name, record.userId, record.toolCallId, record.outcome])).toEqual([
      ['addNote', 'alice', 'call-1', 'ok'],
    ]);
  });

  it('refuses calls the roles or `when` do not allow, with the fix-it text as a tool error', async () => {
    const { registry, runs } = testRegistry();
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTurn({ id: 'call-1', name: 'wipe', input: {} }, { id: 'call-2', name: 'publish', input: {} }),
        textTurn('I cannot.'),
      ],
    });
    const result = await generateText({
      model,
      // `all` offers every action; the pipeline decides at call time.
      tools: affordanceTools(registry, { user: alice, context: { draft: false }, offer: 'all' }),
      prompt: 'wipe and publish',
      stopWhen: stepCountIs(3),
    });
    expect(runs).toEqual([]);
    const errors = result.steps[0]!.content.filter((part) => part.type === 'tool-error');
    expect(errors.map((part) => [part.toolName, (part.error as ActionCallError).code])).toEqual([
      ['wipe', 'forbidden'],
      ['publish', 'unavailable'],
    ]);
    expect((errors[1]!.error as Error).message).toContain('there is no draft to publish');
    // What the model read next: the fix-it text as an error result.
    const toolMessage = model.doGenerateCalls[1]!.prompt.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(JSON.stringify(toolMessage.content)).toContain('Error (forbidden)');
    const { records } = await registry.store.audit.query({});
    expect(records.map((record) => record.errorCode).sort()).toEqual(['forbidden', 'unavailable']);
  });

  it('keeps rate limits: the second call in the window is refused with retry advice', async () => {
    const { registry, runs } = testRegistry();
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTurn({ id: 'call-1', name: 'ping', input: {} }),
        callsTurn({ id: 'call-2', name: 'ping', input: {} }),
        textTurn('Done.'),
      ],
    });
    const result = await generateText({
      model,
      tools: affordanceTools(registry, { user: alice }),
      prompt: 'ping twice',
      stopWhen: stepCountIs(4),
    });
    expect(runs).toEqual(['ping']);
    const second = result.steps[1]!.content.find((part) => part.type === 'tool-error');
    expect(second && (second.error as ActionCallError).code).toBe('rate_limited');
  });

  it('passes the filters of available on: query and limit pick the relevant actions', () => {
    const { registry } = testRegistry();
    expect(Object.keys(affordanceTools(registry, { user: alice, query: 'move money', limit: 1 }))).toEqual([
      'transfer',
    ]);
  });

  it('makes names legal for every provider and maps them back to the action', async () => {
    const { registry, runs } = testRegistry();
    registry.register({
      name: 'notes.archive',
      description: 'Archive the notes',
      input: { type: 'object', properties: {} },
      handler: () => {
        runs.push('notes.archive');
        return 'archived';
      },
    });
    const tools = affordanceTools(registry, { user: alice });
    expect(Object.keys(tools)).toContain('notes_archive');
    await expect(tools.notes_archive!.execute!({}, { toolCallId: 'call-7', messages: [] })).resolves.toBe(
      'archived',
    );
    expect(runs).toEqual(['notes.archive']);
  });

  it("throws ActionCallError whose message is exactly registry.run's text for the model", async () => {
    const { registry } = testRegistry();
    const tools = affordanceTools(registry, { user: alice });
    const direct = await registry.run({ name: 'addNote', args: { text: 7 }, user: alice });
    const thrown = await tools.addNote!.execute!({ text: 7 }, { toolCallId: 'call-8', messages: [] }).then(
      () => undefined,
      (error: unknown) => error as ActionCallError,
    );
    expect(thrown).toBeInstanceOf(ActionCallError);
    expect(thrown!.code).toBe('invalid_args');
    expect(thrown!.message).toBe(direct.modelOutput);
  });

  it('passes the abort signal of the call to the handler', async () => {
    const { registry } = testRegistry();
    let seen: AbortSignal | undefined;
    registry.register({
      name: 'wait',
      description: 'Wait',
      input: { type: 'object', properties: {} },
      handler: (_input: unknown, ctx: { signal: AbortSignal }) => {
        seen = ctx.signal;
        return 'waited';
      },
    });
    const controller = new AbortController();
    const tools = affordanceTools(registry, { user: alice });
    await tools.wait!.execute!({}, { toolCallId: 'call-9', messages: [], abortSignal: controller.signal });
    expect(seen).toBeDefined();
    controller.abort();
    expect(seen!.aborted).toBe(true);
  });
});
