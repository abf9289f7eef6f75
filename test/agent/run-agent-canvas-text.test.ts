import { runAgent } from '@affordance/core';
import type { AgentEvent } from '@affordance/core/agent';
import { createScriptedModel } from '@affordance/core/testing';
import { describe, expect, it } from 'vitest';
import { canvas, editor, target } from './run-agent-canvas-setup.js';

describe('runAgent on the canvas demo, text protocol', () => {
  it('prompts with the available actions each step, parses replies, retries a failing condition, then passes', async () => {
    const { registry, documents, lockedCheck } = canvas();
    const model = createScriptedModel(
      [
        'The colour must be a hex code.\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "red"}',
        "Let me fix it:\n```json\n{'action': 'shape_updateColor', 'blockId': 'shape-1', 'color': '#00ff00',}\n```",
        'Finished.\n{"action": "done"}',
        'I forgot to lock it.\n{"action": "shape_lock", "blockId": "shape-1"}',
        'Nothing is missing now.\n{"action": "done"}',
      ],
      { supportsTools: false },
    );
    const result = await runAgent({
      model,
      registry,
      input: 'Paint shape-1 green and lock it.',
      system: 'You edit a canvas.',
      protocol: 'auto',
      target,
      user: editor,
      completion: { conditions: [lockedCheck], onFailure: { action: 'retry', maxAttempts: 2 } },
    });
    expect(result).toMatchObject({ status: 'done', protocol: 'text', steps: 5 });
    expect(result.attempts.map((attempt) => attempt.ok)).toEqual([false, true]);
    expect(documents.get('shape-1')).toMatchObject({ color: '#00ff00', locked: true });

    const system = (index: number) => model.requests[index]!.messages[0]!;
    expect(model.requests[0]!.tools).toBeUndefined();
    expect(system(0).role).toBe('system');
    expect(system(0).content.startsWith('You edit a canvas.\n\n## AVAILABLE ACTIONS')).toBe(true);
    expect(system(0).content).toContain('### shape_updateColor');
    expect(system(0).content).not.toContain('### shape_unlock');
    expect(system(4).content).toContain('### shape_unlock');
    expect(system(4).content).not.toContain('### shape_updateColor');
    expect(system(4).content).toContain('### done');

    // Results come back as user text: the fix-it error fenced as untrusted data (buildSafePrompt), then the
    // completion feedback as the loop's own words.
    expect(model.requests[1]!.messages.at(-1)).toEqual({
      role: 'user',
      content: expect.stringMatching(
        /^Untrusted data follows\.[^\n]*\n\n<<<DATA-[0-9a-f]{32} source: "result of shape_updateColor \(failed\)"\nError \(invalid_args\): color must match/,
      ),
    });
    expect(model.requests[3]!.messages.at(-1)!.content).toContain('Result of done (failed):');
    expect(model.requests[3]!.messages.at(-1)!.content).toContain('shape-1 is still unlocked; lock it');
    // The transcript keeps the calls as structured records.
    expect(result.messages[1]).toMatchObject({
      role: 'assistant',
      toolCalls: [{ name: 'shape_updateColor', args: { blockId: 'shape-1', color: 'red' } }],
    });
  });

  it('feeds unreadable actions back and exhausts maxAttempts', async () => {
    const { registry } = canvas();
    const model = createScriptedModel(
      ['{"blockId": "shape-1"}', '{"action": "done"}', '{"action": "done"}'],
      { supportsTools: false },
    );
    const result = await runAgent({
      model,
      registry,
      input: 'x',
      protocol: 'text',
      textFormat: 'json',
      completion: {
        conditions: [async () => ({ ok: false, message: 'nope' })],
        onFailure: { action: 'retry', maxAttempts: 2 },
      },
    });
    expect(model.requests[1]!.messages.at(-1)!.content).toMatch(
      /^Your answer could not be read as an action:/,
    );
    expect(result).toMatchObject({
      status: 'completion_failed',
      steps: 3,
      failedConditions: ['condition-1'],
    });
  });
});

describe('runAgent with stream: true', () => {
  it('reads the answer from model.stream and reports text deltas as events', async () => {
    const { registry, documents } = canvas();
    const model = createScriptedModel([
      {
        text: 'Painting.',
        toolCalls: [{ name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#123456' } }],
      },
      'Done painting.',
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      model,
      registry,
      input: 'Paint',
      user: editor,
      stream: true,
      onEvent: (event) => events.push(event),
    });
    expect(result).toMatchObject({ status: 'done', text: 'Done painting.', steps: 2 });
    expect(documents.get('shape-1')).toMatchObject({ color: '#123456' });
    expect(events.filter((event) => event.type === 'text-delta')).toEqual([
      { type: 'text-delta', runId: result.runId, step: 1, delta: 'Painting.' },
      { type: 'text-delta', runId: result.runId, step: 2, delta: 'Done painting.' },
    ]);
  });
});
