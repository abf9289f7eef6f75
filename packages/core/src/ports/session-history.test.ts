import { describe, expect, it } from 'vitest';
import { createMemorySessionHistory } from './session-history.js';

describe('createMemorySessionHistory', () => {
  it('keeps the sessions that recorded a success most recently, up to maxSessions', () => {
    const history = createMemorySessionHistory({ maxSessions: 3 });
    history.record('a', 'login');
    history.record('b', 'login');
    history.record('c', 'login');
    history.record('a', 'search'); // a is active again: b is now the oldest
    history.record('d', 'login');
    expect(history.size).toBe(3);
    expect([...history.succeeded('a')]).toEqual(['login', 'search']);
    expect(history.succeeded('b').size).toBe(0);
    expect([...history.succeeded('c')]).toEqual(['login']);
    expect([...history.succeeded('d')]).toEqual(['login']);
  });

  it('does not grow with many short sessions', () => {
    const history = createMemorySessionHistory({ maxSessions: 100 });
    for (let session = 0; session < 10_000; session++) history.record(`s${session}`, 'login');
    expect(history.size).toBe(100);
    expect(history.succeeded('s9999').has('login')).toBe(true);
    expect(history.succeeded('s0').has('login')).toBe(false);
  });
});
