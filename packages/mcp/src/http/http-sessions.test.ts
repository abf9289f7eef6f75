import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpSessions, type HttpSession } from './http-sessions.js';

const fakeSession = (owner: string) => {
  const closed = { value: false };
  const session = {
    owner,
    timer: undefined,
    streams: 0,
    state: {
      server: {
        close: async () => {
          closed.value = true;
        },
      },
    },
  } as unknown as HttpSession;
  return { session, closed };
};

afterEach(() => vi.useRealTimers());

describe('createHttpSessions', () => {
  it('closes an idle session, but not one whose server-to-client stream is open', () => {
    vi.useFakeTimers();
    const sessions = createHttpSessions({ idleMs: 1000, maxSessions: 10, maxPerUser: 10 });
    const idle = fakeSession('ana');
    const listening = fakeSession('ana');
    for (const [id, entry] of [
      ['idle', idle],
      ['listening', listening],
    ] as const) {
      expect(sessions.admit('ana')).toEqual({ ok: true });
      sessions.add(id, entry.session);
    }
    const release = sessions.streamOpened(listening.session, 'listening');
    vi.advanceTimersByTime(5000);
    expect(idle.closed.value).toBe(true);
    expect(sessions.get('idle')).toBeUndefined();
    expect(sessions.get('listening')).toBe(listening.session);
    release();
    release();
    expect(listening.session.streams).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(sessions.get('listening')).toBeUndefined();
    expect(sessions.countOf('ana')).toBe(0);
  });

  it('refuses a principal at its cap, and makes room in a full pool from the largest holder only', () => {
    const sessions = createHttpSessions({ idleMs: 60_000, maxSessions: 3, maxPerUser: 2 });
    const open = (owner: string, id: string) => {
      const admission = sessions.admit(owner);
      if (admission.ok) sessions.add(id, fakeSession(owner).session);
      return admission.ok ? 'ok' : admission.status;
    };
    expect([open('vic', 'v1'), open('vic', 'v2'), open('vic', 'v3')]).toEqual(['ok', 'ok', 429]);
    expect(open('ana', 'a1')).toBe('ok');
    // Full: ada (holding none) gets in, vic's least recently used session makes room.
    expect(open('ada', 'd1')).toBe('ok');
    expect(sessions.get('v1')).toBeUndefined();
    expect(sessions.get('v2')).toBeDefined();
    // Full again, and every holder has one: nobody holds more than the newcomer would, so 503.
    expect(open('bob', 'b1')).toBe(503);
    // A failed handshake gives its place back.
    sessions.close('a1');
    expect(sessions.admit('ana')).toEqual({ ok: true });
    sessions.cancel('ana');
    expect(sessions.countOf('ana')).toBe(0);
    sessions.closeAll();
  });
});
