import type { User } from '@affordance/core';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { SessionState } from '../server/serve-context.js';

/** One Streamable HTTP session: its transport, its SDK server, who opened it, and its idle timer. */
export interface HttpSession {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly state: SessionState;
  /** The id of the principal that opened it; other principals are told it does not exist. */
  readonly owner: string;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Server-to-client streams (GET) open on it; a session with one is not idle. */
  streams: number;
}

/** The key a session is bound to: the user id, or the empty string for anonymous callers. */
export function ownerKey(user: User | undefined): string {
  return user?.id ?? '';
}

/** Limits of the session pool. */
export interface SessionLimits {
  /** Close a session after this long without a request (ms). */
  readonly idleMs: number;
  /** Most sessions open at once. */
  readonly maxSessions: number;
  /** Most sessions one principal may hold open. */
  readonly maxPerUser: number;
}

/** Whether a principal may open one more session: yes, or the HTTP status and message of the refusal. */
export type Admission =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: 429 | 503; readonly message: string };

/**
 * Open Streamable HTTP sessions by id, each closed after `idleMs` without a request or an open stream, at most `maxPerUser` per
 * principal. When the pool is full, the least recently used session of the principal holding the most is closed
 * to make room for a principal holding fewer, so no principal can keep others out.
 */
export function createHttpSessions(limits: SessionLimits) {
  // Map order is least recently used first: `touch` moves a session to the end.
  const sessions = new Map<string, HttpSession>();
  // Sessions and admitted handshakes not finished yet, per principal.
  const counts = new Map<string, number>();
  let pending = 0;
  const release = (owner: string) => {
    const left = (counts.get(owner) ?? 1) - 1;
    if (left === 0) counts.delete(owner);
    else counts.set(owner, left);
  };
  const close = (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    release(session.owner);
    if (session.timer) clearTimeout(session.timer);
    void session.state.server.close().catch(() => {});
  };
  const touch = (session: HttpSession, id: string) => {
    if (session.timer) clearTimeout(session.timer);
    session.timer = setTimeout(() => (session.streams > 0 ? touch(session, id) : close(id)), limits.idleMs);
    (session.timer as { unref?: () => void }).unref?.();
    sessions.delete(id);
    sessions.set(id, session);
  };
  const evictFrom = (owner: string) => {
    for (const [id, session] of sessions) {
      if (session.owner !== owner) continue;
      close(id);
      return;
    }
  };
  return {
    get: (id: string) => sessions.get(id),
    get size() {
      return sessions.size;
    },
    /** How many sessions a principal holds. */
    countOf: (owner: string) => counts.get(owner) ?? 0,
    /**
     * Decide whether `owner` may open a session now, closing another principal's idlest one if need be; an
     * admission holds a place until `add` fills it or `cancel` gives it back.
     */
    admit(owner: string): Admission {
      const held = counts.get(owner) ?? 0;
      if (held >= limits.maxPerUser) {
        return {
          ok: false,
          status: 429,
          message: `Too Many Requests: this user already has ${held} open MCP sessions (the most per user); end one with DELETE /mcp, or wait ${Math.round(limits.idleMs / 60_000)} minutes for idle ones to close`,
        };
      }
      const admitted = (): Admission => {
        counts.set(owner, held + 1);
        pending += 1;
        return { ok: true };
      };
      if (sessions.size + pending < limits.maxSessions) return admitted();
      let largest: string | undefined;
      for (const [candidate, count] of counts)
        if (largest === undefined || count > counts.get(largest)!) largest = candidate;
      if (largest !== undefined && counts.get(largest)! > held + 1) {
        evictFrom(largest);
        return admitted();
      }
      return {
        ok: false,
        status: 503,
        message: 'Service Unavailable: too many open sessions, try again later',
      };
    },
    /** A session admitted for its owner has started. */
    add(id: string, session: HttpSession) {
      pending -= 1;
      touch(session, id);
    },
    /** An admitted handshake failed: give its place back. */
    cancel(owner: string) {
      pending -= 1;
      release(owner);
    },
    /** Restart the idle timer of a session (and mark it the most recently used). */
    touch,
    /** A server-to-client stream of the session opened; call the answer once when it ends. */
    streamOpened(session: HttpSession, id: string): () => void {
      session.streams += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        session.streams -= 1;
        if (sessions.get(id) === session) touch(session, id);
      };
    },
    close,
    closeAll() {
      for (const id of [...sessions.keys()]) close(id);
    },
  };
}
