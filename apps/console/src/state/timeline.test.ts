import { describe, expect, it } from 'vitest';
import type { AuditRecord, RunResult } from '../api/types.js';
import { reduceTimeline, TIMELINE_LIMIT, type TimelineEntry, type TimelineEvent } from './timeline.js';

const meta = (callId: string, name: string) => ({ callId, name, durationMs: 3, modelOutput: '' });
const ok = (callId: string, name = 'shape_updateColor') =>
  ({ ok: true, value: {}, ...meta(callId, name) }) as RunResult;
const waiting = (callId: string) =>
  ({
    ok: false,
    error: { code: 'approval_required', message: 'waits' },
    ...meta(callId, 'shape_remove'),
  }) as RunResult;

const fold = (events: TimelineEvent[]) => events.reduce<TimelineEntry[]>(reduceTimeline, []);

describe('reduceTimeline', () => {
  it('shows a call of this tab once, whether its result or the server events come first', () => {
    const start: TimelineEvent = {
      type: 'local-start',
      localId: 'l1',
      name: 'shape_updateColor',
      args: { color: '#ff0000' },
      at: 1,
    };
    const serverStart: TimelineEvent = {
      type: 'call-start',
      callId: 'c1',
      name: 'shape_updateColor',
      userId: 'local',
      at: 2,
    };
    const serverEnd: TimelineEvent = { type: 'call-end', callId: 'c1', result: ok('c1'), at: 3 };
    const localEnd: TimelineEvent = { type: 'local-end', localId: 'l1', result: ok('c1') };
    for (const order of [
      [start, serverStart, serverEnd, localEnd],
      [start, localEnd, serverStart, serverEnd],
      [start, serverEnd, localEnd],
    ]) {
      const entries = fold(order);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        key: 'l1',
        callId: 'c1',
        status: 'ok',
        args: { color: '#ff0000' },
        origin: 'this tab',
      });
    }
  });

  it('keeps calls seen only on the server, newest first, and moves a paused call to ok once approved', () => {
    const entries = fold([
      { type: 'call-start', callId: 'a', name: 'shape_remove', userId: 'ana', at: 1 },
      { type: 'call-end', callId: 'a', result: waiting('a'), at: 2 },
      { type: 'call-end', callId: 'b', result: ok('b', 'shape_lock'), at: 3 },
    ]);
    expect(entries.map((entry) => [entry.callId, entry.status, entry.origin])).toEqual([
      ['b', 'ok', 'server'],
      ['a', 'waiting', 'server'],
    ]);
    const approved = reduceTimeline(entries, {
      type: 'call-end',
      callId: 'a',
      result: ok('a', 'shape_remove'),
      at: 9,
    });
    expect(approved[1]).toMatchObject({ callId: 'a', status: 'ok', userId: 'ana' });
  });

  it('marks a call whose request failed, and keeps at most TIMELINE_LIMIT entries', () => {
    const failed = fold([
      { type: 'local-start', localId: 'l1', name: 'x', args: {}, at: 1 },
      { type: 'local-fail', localId: 'l1', message: 'cannot reach the server' },
    ]);
    expect(failed[0]).toMatchObject({ status: 'failed', failure: 'cannot reach the server' });
    const many = fold(
      Array.from({ length: TIMELINE_LIMIT + 5 }, (_, index) => ({
        type: 'call-end' as const,
        callId: `c${index}`,
        result: ok(`c${index}`),
        at: index,
      })),
    );
    expect(many).toHaveLength(TIMELINE_LIMIT);
    expect(many[0]?.callId).toBe(`c${TIMELINE_LIMIT + 4}`);
  });

  it('brings back the calls of an earlier visit from the audit log, behind the live ones and without doubles', () => {
    const record = (callId: string, startedAt: string, extra: Partial<AuditRecord> = {}): AuditRecord => ({
      callId,
      name: 'shape_updateColor',
      userId: 'ana',
      target: { type: 'shape', id: 'shape-1' },
      args: { blockId: 'shape-1', color: 'red' },
      outcome: 'ok',
      startedAt,
      endedAt: startedAt,
      durationMs: 4,
      depth: 0,
      ...extra,
    });
    const live = fold([
      { type: 'call-end', callId: 'now', result: ok('now'), at: Date.parse('2026-01-02T00:00:00Z') },
    ]);
    const entries = reduceTimeline(live, {
      type: 'history',
      records: [
        record('now', '2026-01-02T00:00:00Z'),
        record('b', '2026-01-01T00:00:02Z', {
          outcome: 'error',
          errorCode: 'invalid_args',
          errorMessage: 'color must match ^#[0-9a-f]{6}$',
        }),
        record('a', '2026-01-01T00:00:01Z', { outcome: 'error', errorCode: 'approval_required' }),
        record('d', '2026-01-01T00:00:03Z', { endedAt: '2026-01-01T00:00:09Z' }),
        record('d', '2026-01-01T00:00:03Z', { outcome: 'error', errorCode: 'approval_required' }),
      ],
    });
    expect(entries.map((entry) => [entry.callId, entry.status, entry.fromAudit ?? false])).toEqual([
      ['now', 'ok', false],
      ['d', 'ok', true], // approved after it waited: one entry, as decided
      ['b', 'failed', true],
      ['a', 'waiting', true],
    ]);
    expect(entries[2]).toMatchObject({
      args: { blockId: 'shape-1', color: 'red' },
      userId: 'ana',
      origin: 'server',
      result: { ok: false, error: { code: 'invalid_args', message: 'color must match ^#[0-9a-f]{6}$' } },
    });
  });
});
