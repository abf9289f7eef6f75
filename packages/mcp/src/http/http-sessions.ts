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
}

/** The key a session is bound to: the user id, or the empty string for anonymous callers. */
export function ownerKey(user: User | undefined): string {
  return user?.id ?? '';
}

/** Open Streamable HTTP sessions by id, each closed after `idleMs` without a request. */
export function createHttpSessions(idleMs: number) {
  const sessions = new Map<string, HttpSession>();
  const close = (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    if (session.timer) clearTimeout(session.timer);
    void session.state.server.close().catch(() => {});
  };
  return {
    get: (id: string) => sessions.get(id),
    get size() {
      return sessions.size;
    },
    add(id: string, session: HttpSession) {
      sessions.set(id, session);
      this.touch(session, id);
    },
    /** Restart the idle timer of a session. */
    touch(session: HttpSession, id: string) {
      if (session.timer) clearTimeout(session.timer);
      session.timer = setTimeout(() => close(id), idleMs);
      (session.timer as { unref?: () => void }).unref?.();
    },
    close,
    closeAll() {
      for (const id of [...sessions.keys()]) close(id);
    },
  };
}
