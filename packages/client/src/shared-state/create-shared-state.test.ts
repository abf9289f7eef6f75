import { describe, expect, it, vi } from 'vitest';
import { createSharedState, SharedStateError } from './create-shared-state.js';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('createSharedState', () => {
  it('applies snapshots and deltas as new objects, and notifies subscribers', () => {
    const state = createSharedState({ plan: { steps: ['select'] } });
    const listener = vi.fn();
    state.subscribe(listener);
    const before = state.get();
    state.applyDelta([{ op: 'add', path: '/plan/steps/-', value: 'paint' }]);
    expect(state.get()).toEqual({ plan: { steps: ['select', 'paint'] } });
    expect(before).toEqual({ plan: { steps: ['select'] } });
    state.applySnapshot({ draft: 'v2' });
    expect(state.get()).toEqual({ draft: 'v2' });
    state.set((current) => ({ ...current, edited: true }));
    expect(state.get()).toEqual({ draft: 'v2', edited: true });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('refuses a delta that does not apply, whole: no operation of it is kept', () => {
    const state = createSharedState({ a: 1, list: [1] });
    const before = state.get();
    const listener = vi.fn();
    state.subscribe(listener);
    const error = refusal(() =>
      state.applyDelta([
        { op: 'replace', path: '/a', value: 2 },
        { op: 'remove', path: '/missing' },
      ]),
    );
    expect(error).toBeInstanceOf(SharedStateError);
    expect(error).toMatchObject({ code: 'invalid_delta', message: /left as it was/ });
    expect(state.get()).toBe(before);
    expect(state.get()).toEqual({ a: 1, list: [1] });
    expect(listener).not.toHaveBeenCalled();
  });

  it('refuses a delta through __proto__ or constructor, and pollutes nothing', () => {
    const state = createSharedState({});
    for (const path of ['/__proto__/polluted', '/constructor/prototype/polluted']) {
      expect(refusal(() => state.applyDelta([{ op: 'add', path, value: 'yes' }]))).toMatchObject({
        code: 'invalid_delta',
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(state.get()).toEqual({});
  });

  it('refuses a state over the size limit and one that is not an object, with typed errors', () => {
    const state = createSharedState({ ok: true }, { maxBytes: 64 });
    expect(refusal(() => state.set({ blob: 'x'.repeat(100) }))).toMatchObject({ code: 'state_too_large' });
    expect(refusal(() => state.applySnapshot(['a list']))).toMatchObject({ code: 'invalid_state' });
    expect(
      refusal(() => state.applyDelta([{ op: 'add', path: '/blob', value: 'x'.repeat(100) }])),
    ).toMatchObject({ code: 'state_too_large' });
    expect(refusal(() => state.applyDelta('nope' as never))).toMatchObject({ code: 'invalid_delta' });
    expect(state.get()).toEqual({ ok: true });
    expect(() => createSharedState({ blob: 'x'.repeat(100) }, { maxBytes: 64 })).toThrow(SharedStateError);
  });
});
