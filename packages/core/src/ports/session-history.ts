/** Port: which actions have succeeded in a session, for `requires` checks. */
export interface SessionHistory {
  succeeded(sessionId: string): ReadonlySet<string> | Promise<ReadonlySet<string>>;
  record(sessionId: string, name: string): void | Promise<void>;
}

/** The in-memory session history: synchronous, and it says how many sessions it holds. */
export interface MemorySessionHistory extends SessionHistory {
  succeeded(sessionId: string): ReadonlySet<string>;
  record(sessionId: string, name: string): void;
  readonly size: number;
}

/**
 * Session history held in memory, for the `maxSessions` sessions (default 10,000) that recorded a success most
 * recently: a long-running process serving many short sessions does not grow without bound, and a session that has
 * been quiet while that many others were active starts over (its `requires` checks ask again).
 */
export function createMemorySessionHistory(
  options: { readonly maxSessions?: number } = {},
): MemorySessionHistory {
  const maxSessions = Math.max(1, options.maxSessions ?? 10_000);
  // Insertion order is recency order: a session moves to the end when it records a success.
  const sessions = new Map<string, Set<string>>();
  const empty: ReadonlySet<string> = new Set();
  let latest: string | undefined;
  return {
    succeeded: (sessionId) => sessions.get(sessionId) ?? empty,
    record(sessionId, name) {
      let names = sessions.get(sessionId);
      if (names && sessionId !== latest) {
        sessions.delete(sessionId);
        sessions.set(sessionId, names);
      } else if (!names) {
        if (sessions.size >= maxSessions) sessions.delete(sessions.keys().next().value as string);
        names = new Set();
        sessions.set(sessionId, names);
      }
      latest = sessionId;
      names.add(name);
    },
    get size() {
      return sessions.size;
    },
  };
}
