/** Port: which actions have succeeded in a session, for `requires` checks. */
export interface SessionHistory {
  succeeded(sessionId: string): ReadonlySet<string> | Promise<ReadonlySet<string>>;
  record(sessionId: string, name: string): void | Promise<void>;
}

/** Session history held in memory. */
export function createMemorySessionHistory(): SessionHistory {
  const sessions = new Map<string, Set<string>>();
  const empty: ReadonlySet<string> = new Set();
  return {
    succeeded: (sessionId) => sessions.get(sessionId) ?? empty,
    record(sessionId, name) {
      let names = sessions.get(sessionId);
      if (!names) {
        names = new Set();
        sessions.set(sessionId, names);
      }
      names.add(name);
    },
  };
}
