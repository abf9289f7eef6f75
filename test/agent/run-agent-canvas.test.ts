import { AffordanceError, runAgent } from '@affordance/core';
import { type AgentEvent, createMemorySessionRecorder } from '@affordance/core/agent';
import { createScriptedModel } from '@affordance/core/testing';
import { describe, expect, it } from 'vitest';
import { canvas, editor, target, toolNames } from './run-agent-canvas-setup.js';

describe('runAgent on the canvas demo, native protocol', () => {
  it('runs calls, feeds fix-it errors back, re-offers tools, retries a failing completion condition, then passes', async () => {
    const { registry, documents, lockedCheck } = canvas();
    const model = createScriptedModel([
      { toolCalls: [{ name: 'shape_updateColor', args: { blockId: 'shape-1', color: 'red' } }] },
      {
        text: 'Fixed the colour.',
        toolCalls: [{ name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } }],
      },
      { text: 'All set.', toolCalls: [{ name: 'done', args: { summary: 'painted' } }] },
      { toolCalls: [{ name: 'shape_lock', args: { blockId: 'shape-1' } }] },
      { toolCalls: [{ name: 'done', args: {} }] },
    ]);
    const recorder = createMemorySessionRecorder();
    const events: AgentEvent[] = [];
    const result = await runAgent({
      model,
      registry,
      input: 'Paint shape-1 red and lock it.',
      protocol: 'native',
      target,
      user: editor,
      sessionId: 'session-native',
      recorder,
      completion: { conditions: [lockedCheck], onFailure: { action: 'retry', maxAttempts: 3 } },
      onEvent: (event) => events.push(event),
    });

    expect(result).toMatchObject({ status: 'done', protocol: 'native', steps: 5, failedConditions: [] });
    expect(result.attempts.map((attempt) => [attempt.step, attempt.ok])).toEqual([
      [3, false],
      [5, true],
    ]);
    expect(documents.get('shape-1')).toMatchObject({ color: '#ff0000', locked: true });

    // What is offered is re-computed each step: locking removes the edits and offers unlock.
    expect(toolNames(model.requests[0]!)).toEqual([
      'shape_updateColor',
      'shape_resize',
      'shape_rotate',
      'shape_duplicate',
      'shape_lock',
      'shape_describe',
      'shape_remove',
      'done',
    ]);
    expect(toolNames(model.requests[4]!)).toEqual([
      'shape_duplicate',
      'shape_unlock',
      'shape_describe',
      'done',
    ]);

    // The fix-it error of the bad colour went back as the tool result of that call.
    const second = model.requests[1]!.messages;
    expect(second.at(-1)).toEqual({
      role: 'tool',
      content: '',
      toolResults: [
        {
          toolCallId: 'call_1_1',
          name: 'shape_updateColor',
          ok: false,
          output: expect.stringContaining("color must match ^#[0-9a-fA-F]{6}$; you sent 'red'"),
        },
      ],
    });
    // The failed condition went back as the result of the `done` call.
    const fourth = model.requests[3]!.messages.at(-1);
    expect(fourth).toMatchObject({
      role: 'tool',
      toolResults: [{ toolCallId: 'call_3_1', name: 'done', ok: false }],
    });
    expect(JSON.stringify(fourth)).toContain('shape-1 is locked: shape-1 is still unlocked; lock it');

    expect(events.map((event) => event.type)).toEqual([
      'run-start',
      ...['step-start', 'call-start', 'call-finish', 'step-finish'],
      ...['step-start', 'call-start', 'call-finish', 'step-finish'],
      ...['step-start', 'step-finish', 'attempt-finish'],
      ...['step-start', 'call-start', 'call-finish', 'step-finish'],
      ...['step-start', 'step-finish', 'attempt-finish'],
      'run-finish',
    ]);
    const entries = recorder.entries('session-native');
    expect(entries.map((entry) => entry.kind)).toEqual([
      'start',
      'step',
      'step',
      'step',
      'attempt',
      'step',
      'step',
      'attempt',
      'finish',
    ]);
    expect(recorder.messages('session-native')).toEqual(result.messages);
    expect(result.messages[0]).toEqual({ role: 'user', content: 'Paint shape-1 red and lock it.' });
  });

  it('stops with completion_failed and names the failing conditions once maxAttempts is used up', async () => {
    const { registry } = canvas();
    const model = createScriptedModel([
      { toolCalls: [{ name: 'done' }] },
      { toolCalls: [{ name: 'shape_describe', args: { blockId: 'shape-1' } }] },
      { toolCalls: [{ name: 'done' }] },
      { toolCalls: [{ name: 'done' }] },
    ]);
    const result = await runAgent({
      model,
      registry,
      input: 'Make the tests pass.',
      target,
      user: editor,
      completion: {
        conditions: [
          { validator: 'always-failing', description: 'the suite passes' },
          { name: 'always-ok', check: async () => ({ ok: true, message: 'fine' }) },
        ],
        validators: {
          'always-failing': async ({ condition, attempt }) => ({
            ok: false,
            message: `${condition?.description} failed on attempt ${attempt}`,
          }),
        },
        onFailure: { action: 'retry', maxAttempts: 2 },
      },
    });
    expect(result.status).toBe('completion_failed');
    expect(result.steps).toBe(3);
    expect(model.remaining).toBe(1);
    expect(result.failedConditions).toEqual(['the suite passes']);
    expect(result.attempts.map((attempt) => attempt.conditions)).toEqual([
      [
        { name: 'the suite passes', ok: false, message: 'the suite passes failed on attempt 1' },
        { name: 'always-ok', ok: true, message: 'fine' },
      ],
      [
        { name: 'the suite passes', ok: false, message: 'the suite passes failed on attempt 2' },
        { name: 'always-ok', ok: true, message: 'fine' },
      ],
    ]);
  });

  it("with onFailure 'fail' stops at the first failed attempt; a throwing check counts as failed", async () => {
    const { registry } = canvas();
    const model = createScriptedModel([{ toolCalls: [{ name: 'done' }] }, { toolCalls: [{ name: 'done' }] }]);
    const result = await runAgent({
      model,
      registry,
      input: 'x',
      completion: {
        conditions: [
          async function throwing() {
            throw new Error('disk on fire');
          },
        ],
        onFailure: { action: 'fail', maxAttempts: 5 },
      },
    });
    expect(result.status).toBe('completion_failed');
    expect(result.attempts).toHaveLength(1);
    expect(result.attempts[0]!.conditions).toEqual([
      { name: 'throwing', ok: false, message: 'the check threw: disk on fire' },
    ]);
  });

  it('stops on an answer without calls, and at maxSteps', async () => {
    const { registry } = canvas();
    const answered = await runAgent({
      model: createScriptedModel(['shape-1 is blue.']),
      registry,
      input: 'What colour?',
    });
    expect(answered).toMatchObject({ status: 'done', text: 'shape-1 is blue.', steps: 1 });

    const describe = { toolCalls: [{ name: 'shape_describe', args: { blockId: 'shape-1' } }] };
    const looping = await runAgent({
      model: createScriptedModel([describe, describe, describe]),
      registry,
      input: 'Describe forever',
      maxSteps: 2,
      user: editor,
    });
    expect(looping).toMatchObject({ status: 'max_steps', steps: 2 });
  });

  it('an abort during a step records the step as aborted and the pending calls as aborted, not run', async () => {
    const { registry, documents } = canvas();
    const controller = new AbortController();
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#000000' } },
          { name: 'shape_lock', args: { blockId: 'shape-1' } },
        ],
      },
      'never reached',
    ]);
    const recorder = createMemorySessionRecorder();
    const result = await runAgent({
      model,
      registry,
      input: 'Paint and lock',
      user: editor,
      signal: controller.signal,
      sessionId: 's-abort',
      recorder,
      onEvent: (event) => {
        if (event.type === 'call-finish') controller.abort();
      },
    });
    expect(result.status).toBe('aborted');
    expect(documents.get('shape-1')).toMatchObject({ color: '#000000', locked: false });
    const entries = recorder.entries('s-abort');
    expect(entries.map((entry) => entry.kind)).toEqual(['start', 'step', 'finish']);
    const step = entries[1]!.kind === 'step' ? entries[1]!.record : undefined;
    expect(step?.status).toBe('aborted');
    expect(step?.calls.map((call) => [call.name, call.status])).toEqual([
      ['shape_updateColor', 'ok'],
      ['shape_lock', 'aborted'],
    ]);
    // Every call the assistant made has a result in the record.
    expect(step?.messages.map((message) => message.role)).toEqual(['assistant', 'tool']);
    expect(step?.messages[1]).toMatchObject({
      toolResults: [{ ok: true }, { ok: false, name: 'shape_lock' }],
    });
    expect(model.remaining).toBe(1);
  });

  it('an abort while the model is answering records an aborted step with no calls', async () => {
    const { registry } = canvas();
    const controller = new AbortController();
    const model = createScriptedModel([
      () => {
        controller.abort();
        controller.signal.throwIfAborted();
        return 'unreachable';
      },
    ]);
    const recorder = createMemorySessionRecorder();
    const result = await runAgent({
      model,
      registry,
      input: 'x',
      signal: controller.signal,
      sessionId: 's2',
      recorder,
    });
    expect(result).toMatchObject({ status: 'aborted', steps: 1 });
    const step = recorder.entries('s2')[1];
    expect(step).toMatchObject({ kind: 'step', record: { status: 'aborted', calls: [], messages: [] } });
  });

  it('rejects bad options with typed errors', async () => {
    const { registry } = canvas();
    const model = createScriptedModel([]);
    await expect(runAgent({ model, registry, input: 'x', maxSteps: 0 })).rejects.toBeInstanceOf(
      AffordanceError,
    );
    await expect(runAgent({ model, registry, input: 'x', protocol: 'smoke' as 'text' })).rejects.toThrow(
      /protocol/,
    );
    await expect(
      runAgent({
        model,
        registry,
        input: 'x',
        completion: { conditions: [{ validator: 'git-clean', includeUntracked: true }] },
      }),
    ).rejects.toThrow(/no validator named "git-clean"/);
  });
});
