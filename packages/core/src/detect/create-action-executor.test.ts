import { describe, expect, it } from 'vitest';
import type { Logger } from '../action/types.js';
import { createActionExecutor } from './create-action-executor.js';
import type { DetectedAction } from './types.js';

const action = (
  type: string,
  content = `${type} content`,
  extra: Partial<DetectedAction> = {},
): DetectedAction => ({
  type,
  content,
  metadata: {},
  ...extra,
});

function recordingLogger() {
  const records: Array<{ level: string; record: object; message: string | undefined }> = [];
  const at = (level: string) => (record: object, message?: string) =>
    void records.push({ level, record, message });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, records };
}

describe('createActionExecutor', () => {
  it('gives one result per action, in order, and a failing handler never stops the others', async () => {
    const seen: string[] = [];
    const executor = createActionExecutor({
      handlers: {
        decision: (item) => {
          seen.push(item.content);
          return { ok: 1 };
        },
        note: async () => {
          throw new Error('disk full');
        },
        summary: 'custom:sum',
      },
      named: { 'custom:sum': async (item) => item.content.length },
    });
    const actions = [
      action('decision', 'a'),
      action('note'),
      action('summary', 'abc'),
      action('decision', 'b'),
      action('question'),
    ];
    const results = await executor.execute(actions);
    expect(
      results.map(({ success, result, error, code, handler }) => ({ success, result, error, code, handler })),
    ).toEqual([
      { success: true, result: { ok: 1 }, error: undefined, code: undefined, handler: 'decision' },
      { success: false, result: undefined, error: 'disk full', code: 'handler_error', handler: 'note' },
      { success: true, result: 3, error: undefined, code: undefined, handler: 'custom:sum' },
      { success: true, result: { ok: 1 }, error: undefined, code: undefined, handler: 'decision' },
      {
        success: false,
        result: undefined,
        error: 'no handler is configured for type "question"',
        code: 'no_handler',
        handler: undefined,
      },
    ]);
    expect(results.map((result) => result.action)).toEqual(actions);
    expect(seen).toEqual(['a', 'b']);
  });

  it('reports unconfigured types and unknown handler names without running anything', async () => {
    let ran = false;
    const executor = createActionExecutor({
      handlers: { risk: () => (ran = true), note: 'custom:missing', decision: 'builtin:github-issue' },
    });
    const results = await executor.execute([
      action('risk', 'x', { configured: false }),
      action('note'),
      action('decision'),
    ]);
    expect(ran).toBe(false);
    expect(results.map((result) => result.code)).toEqual([
      'unconfigured_type',
      'unknown_handler',
      'unknown_handler',
    ]);
    expect(results[2]!.error).toContain('builtinHandlers');
  });

  it('has builtin:log writing a structured record to the logger', async () => {
    const { logger, records } = recordingLogger();
    const executor = createActionExecutor({
      handlers: { decision: 'builtin:log', question: 'builtin:log' },
      logger,
    });
    const decision = action('decision', 'Use TypeScript', { metadata: { rationale: 'types' } });
    const [logged] = await executor.execute([decision, action('question', 'Who owns it?')]);
    expect(logged).toMatchObject({ success: true, handler: 'builtin:log' });
    expect(records).toEqual([
      {
        level: 'info',
        record: {
          event: 'agent-action',
          type: 'decision',
          content: 'Use TypeScript',
          metadata: { rationale: 'types' },
        },
        message: 'agent-action decision',
      },
      {
        level: 'warn',
        record: { event: 'agent-action', type: 'question', content: 'Who owns it?', metadata: {} },
        message: 'agent-action question',
      },
    ]);
  });

  it('registers custom handlers by name, and unregisters them', async () => {
    const executor = createActionExecutor({ handlers: { note: 'custom:echo' } });
    const remove = executor.register('custom:echo', (item, context) => `${context.handler}:${item.content}`);
    expect((await executor.execute([action('note', 'hi')]))[0]).toMatchObject({
      success: true,
      result: 'custom:echo:hi',
    });
    remove();
    expect((await executor.execute([action('note', 'hi')]))[0]).toMatchObject({
      success: false,
      code: 'unknown_handler',
    });
  });

  it('stops running once the signal is aborted and says so for each remaining action', async () => {
    const controller = new AbortController();
    const executor = createActionExecutor({
      handlers: {
        note: (_item, context) => {
          controller.abort();
          return context.signal.aborted;
        },
      },
    });
    const results = await executor.execute([action('note'), action('note'), action('note')], {
      signal: controller.signal,
    });
    expect(results.map((result) => [result.success, result.code])).toEqual([
      [true, undefined],
      [false, 'aborted'],
      [false, 'aborted'],
    ]);
  });
});
