/**
 * Where a paused agent run stands: `interrupted` (waits for decisions) → `resuming` (one resume claimed it, on a
 * lease it renews) → `resumed`; or `cancelled` (its interrupts were abandoned). Only `interrupted` can be resumed or
 * cancelled, and a `resuming` run whose lease ran out (its process stopped) can be taken over by another resume.
 */
export type AgentRunStatus = 'interrupted' | 'resuming' | 'resumed' | 'cancelled';

/** A paused agent run as stored: who may resume it, the interrupts it waits on, and its serialised state. */
export interface StoredAgentRun {
  readonly runId: string;
  readonly sessionId: string;
  /** The user the run belongs to (only they may resume it); undefined when it ran without one. */
  readonly userId: string | undefined;
  readonly status: AgentRunStatus;
  /** The ids of the interrupts it waits on (the approvals' ids). */
  readonly interruptIds: readonly string[];
  /** The run state `resumeAgent` continues from: JSON, written and read by the agent loop. */
  readonly state: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The run that claimed it (`resuming` and after). */
  readonly holder?: string;
  /** While `resuming`: its holder must renew the lease before this time, or another resume may take the run over. */
  readonly leaseUntil?: string;
  /** The decisions the claiming resume carried (JSON), which a take-over resume applies again. */
  readonly decisions?: readonly Readonly<Record<string, unknown>>[];
}

/** An atomic move from one of `from` to `status`, only while the run is held by `holder` when that is given. */
export interface AgentRunChange {
  readonly from: readonly AgentRunStatus[];
  readonly status: AgentRunStatus;
  /** Required holder (the resume that claimed it). */
  readonly holder?: string;
  /** The holder from now on (set when claiming). */
  readonly newHolder?: string;
  /** A lease from now, in milliseconds (claiming and renewing a `resuming` run). */
  readonly leaseMs?: number;
  /** A `resuming` run matches `from` only once its lease ran out (one with no lease counts as run out). */
  readonly expired?: boolean;
  /** Decisions to keep with the run (claiming). */
  readonly decisions?: readonly Readonly<Record<string, unknown>>[];
}

/** Port: keeps paused agent runs; `change` is an atomic compare-and-set, so of two racing resumes one wins. */
export interface AgentRunStore {
  create(run: StoredAgentRun): Promise<void>;
  get(runId: string): Promise<StoredAgentRun | undefined>;
  /** Move a run along its states; undefined when it is unknown, in another status or held by another resume. */
  change(runId: string, change: AgentRunChange): Promise<StoredAgentRun | undefined>;
  /** The runs of a session, oldest first, optionally in some statuses. */
  list(filter: {
    readonly sessionId: string;
    readonly status?: readonly AgentRunStatus[];
  }): Promise<StoredAgentRun[]>;
}

/** An agent run store held in memory (the default of a registry). */
export function createMemoryAgentRunStore(now: () => number = Date.now): AgentRunStore {
  const runs = new Map<string, StoredAgentRun>();
  const copy = (run: StoredAgentRun): StoredAgentRun => structuredClone(run);
  return {
    async create(run) {
      if (runs.has(run.runId)) throw new Error(`an agent run ${run.runId} is already stored`);
      runs.set(run.runId, copy(run));
    },
    async get(runId) {
      const run = runs.get(runId);
      return run ? copy(run) : undefined;
    },
    async change(runId, change) {
      const run = runs.get(runId);
      if (!run || !change.from.includes(run.status)) return undefined;
      if (change.holder !== undefined && run.holder !== change.holder) return undefined;
      const at = now();
      if (
        change.expired &&
        run.status === 'resuming' &&
        run.leaseUntil !== undefined &&
        Date.parse(run.leaseUntil) > at
      )
        return undefined;
      const holder = change.newHolder ?? run.holder;
      const { leaseUntil: _lease, ...rest } = run;
      const next: StoredAgentRun = {
        ...rest,
        status: change.status,
        updatedAt: new Date(at).toISOString(),
        ...(holder !== undefined ? { holder } : {}),
        ...(change.leaseMs !== undefined
          ? { leaseUntil: new Date(at + change.leaseMs).toISOString() }
          : change.status === 'resuming' && run.leaseUntil !== undefined
            ? { leaseUntil: run.leaseUntil }
            : {}),
        ...(change.decisions !== undefined ? { decisions: change.decisions } : {}),
      };
      runs.set(runId, next);
      return copy(next);
    },
    async list({ sessionId, status }) {
      return [...runs.values()]
        .filter((run) => run.sessionId === sessionId && (!status || status.includes(run.status)))
        .map(copy);
    },
  };
}
