import type { AgentResult, AttemptRecord, StepRecord } from './agent-events.js';
import type { AgentMessage } from './model-types.js';

/** The start of a run as recorded. */
export interface RunStartRecord {
  readonly runId: string;
  readonly model: string;
  readonly protocol: 'native' | 'text';
  /** The input messages the run starts from. */
  readonly messages: readonly AgentMessage[];
}

/**
 * Port: where `runAgent` records a session. Each method records one whole item (all or nothing), so an aborted
 * run leaves a record that ends at a complete or aborted step.
 */
export interface SessionRecorder {
  recordStart(sessionId: string, record: RunStartRecord): Promise<void>;
  recordStep(sessionId: string, record: StepRecord): Promise<void>;
  recordAttempt(sessionId: string, record: AttemptRecord): Promise<void>;
  recordFinish(sessionId: string, result: AgentResult): Promise<void>;
}

/** One item of a recorded session, in the order it was recorded. */
export type SessionEntry =
  | { readonly kind: 'start'; readonly record: RunStartRecord }
  | { readonly kind: 'step'; readonly record: StepRecord }
  | { readonly kind: 'attempt'; readonly record: AttemptRecord }
  | { readonly kind: 'finish'; readonly result: AgentResult };

/** The in-memory recorder: `entries(sessionId)` and `messages(sessionId)` read back what was recorded. */
export interface MemorySessionRecorder extends SessionRecorder {
  entries(sessionId: string): readonly SessionEntry[];
  /** The conversation of a session: each run's input messages, then every recorded step's messages. */
  messages(sessionId: string): readonly AgentMessage[];
  sessionIds(): readonly string[];
}

/** Create a recorder that keeps sessions in memory (tests, demos, one-process apps). */
export function createMemorySessionRecorder(): MemorySessionRecorder {
  const sessions = new Map<string, SessionEntry[]>();
  const push = async (sessionId: string, entry: SessionEntry) => {
    const list = sessions.get(sessionId) ?? [];
    list.push(entry);
    sessions.set(sessionId, list);
  };
  return {
    recordStart: (sessionId, record) => push(sessionId, { kind: 'start', record }),
    recordStep: (sessionId, record) => push(sessionId, { kind: 'step', record }),
    recordAttempt: (sessionId, record) => push(sessionId, { kind: 'attempt', record }),
    recordFinish: (sessionId, result) => push(sessionId, { kind: 'finish', result }),
    entries: (sessionId) => sessions.get(sessionId) ?? [],
    messages(sessionId) {
      const messages: AgentMessage[] = [];
      for (const entry of sessions.get(sessionId) ?? []) {
        if (entry.kind === 'start' || entry.kind === 'step') messages.push(...entry.record.messages);
      }
      return messages;
    },
    sessionIds: () => [...sessions.keys()],
  };
}
