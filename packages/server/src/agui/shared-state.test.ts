// `sharedState(ctx).set` turned the state into JSON three times per change (a copy, a size check, the copy's size);
// a change is now turned into JSON once, with the same 256 KiB cap and the same `STATE_DELTA` events.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_STATE_BYTES,
  type SharedState,
  type StateEvent,
  sharedState,
  withSharedState,
} from './shared-state.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Run `use` inside a run's shared state of thread `t`, answering the events it sent. */
async function inRun(
  initial: Record<string, unknown>,
  use: (state: SharedState) => void,
): Promise<StateEvent[]> {
  const events: StateEvent[] = [];
  await withSharedState(
    't',
    initial,
    (event) => events.push(event),
    async () => {
      const state = sharedState({ sessionId: 't' });
      if (!state) throw new Error('no shared state in the run');
      use(state);
    },
  );
  return events;
}

describe('sharedState', () => {
  it('turns a change into JSON once, for `set` and for `patch`', async () => {
    const events = await inRun({ plan: { steps: ['a'] } }, (state) => {
      const stringify = vi.spyOn(JSON, 'stringify');
      state.set({ plan: { steps: ['a', 'b'] }, done: false });
      expect(stringify).toHaveBeenCalledTimes(1);
      stringify.mockClear();
      state.patch([{ op: 'replace', path: '/done', value: true }]);
      expect(stringify).toHaveBeenCalledTimes(1);
    });
    expect(events).toEqual([
      {
        type: 'STATE_DELTA',
        delta: [
          { op: 'add', path: '/plan/steps/1', value: 'b' },
          { op: 'add', path: '/done', value: false },
        ],
      },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/done', value: true }] },
    ]);
  });

  it('takes a state of exactly 256 KiB and refuses one byte more, leaving the state as it was', async () => {
    const overhead = JSON.stringify({ blob: '' }).length;
    const events = await inRun({}, (state) => {
      state.set({ blob: 'x'.repeat(MAX_STATE_BYTES - overhead) });
      expect(() => state.set({ blob: 'x'.repeat(MAX_STATE_BYTES - overhead + 1) })).toThrow(
        expect.objectContaining({ code: 'payload_too_large' }),
      );
      // Multi-byte text is measured in UTF-8 bytes, not characters.
      expect(() => state.set({ blob: 'é'.repeat((MAX_STATE_BYTES - overhead) / 2 + 1) })).toThrow(
        /more than the 262144/,
      );
      expect(() => state.patch([{ op: 'add', path: '/more', value: 'y' }])).toThrow(/262144/);
      expect((state.get().blob as string).length).toBe(MAX_STATE_BYTES - overhead);
    });
    expect(events).toHaveLength(1);
  });

  it('keeps its own copy: the caller changing what it set or patched in changes nothing', async () => {
    const events = await inRun({}, (state) => {
      const next = { plan: { steps: ['a'] }, when: new Date(0), gone: undefined };
      state.set(next);
      next.plan.steps.push('b');
      const value = { note: 'n' };
      state.patch([{ op: 'add', path: '/extra', value }]);
      value.note = 'changed';
      expect(state.get()).toEqual({
        plan: { steps: ['a'] },
        when: '1970-01-01T00:00:00.000Z',
        extra: { note: 'n' },
      });
      const copy = state.get();
      (copy.plan as { steps: string[] }).steps.push('c');
      expect(state.get().plan).toEqual({ steps: ['a'] });
      state.set({ plan: { steps: ['a'] }, when: '1970-01-01T00:00:00.000Z', extra: { note: 'n' } });
      expect(() => state.set(new Date(0) as never)).toThrow(TypeError);
    });
    expect(events).toHaveLength(2);
  });
});
