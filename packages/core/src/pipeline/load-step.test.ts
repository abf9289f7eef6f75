import { describe, expect, it } from 'vitest';
import { actionError } from '../errors/action-error.js';
import { type CallState, fail, NEXT, onAnswer, type StepAnswer } from './call-state.js';
import { runLoadedOnCall } from './load-step.js';

const state = {} as CallState;

describe('runLoadedOnCall', () => {
  it('waits for the body on the first call only, then runs it synchronously', async () => {
    let loads = 0;
    const run = runLoadedOnCall(async () => {
      loads++;
      return (): StepAnswer => NEXT;
    });
    const first = run(state);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(NEXT);
    expect(run(state)).toBe(NEXT);
    expect(loads).toBe(1);
  });

  it('fails the call whose load failed, and loads again on the next one', async () => {
    let attempts = 0;
    const refused = fail(actionError('rate_limited', 'too many'));
    const run = runLoadedOnCall(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed to load');
      return (): StepAnswer => refused;
    });
    await expect(run(state)).rejects.toThrow('chunk failed to load');
    expect(await run(state)).toBe(refused);
    expect(run(state)).toBe(refused);
  });

  it('on the first call, waits for a body that answers with a port promise still on its way (a Postgres store)', async () => {
    const refused = fail(actionError('prerequisite_missing', 'call setup first'));
    const run = runLoadedOnCall(
      async () => (current: CallState) =>
        onAnswer(current, Promise.resolve(false), (_, ok) => (ok ? NEXT : refused)),
    );
    expect(await run(state)).toBe(refused);
  });
});
