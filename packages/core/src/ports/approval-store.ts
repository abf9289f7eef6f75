import type { User } from '../action/types.js';

/**
 * Where a paused call stands: `pending` (waits for a person) → `approved` (decided, about to run) → `running` →
 * `done` | `failed` | `interrupted` (the process running it stopped: retry it); or `denied`, or `expired` (nobody
 * decided in time).
 */
export type ApprovalStatus =
  | 'pending'
  | 'approved'
  | 'running'
  | 'done'
  | 'failed'
  | 'interrupted'
  | 'denied'
  | 'expired';

/** Every approval status, in the order of the state machine. */
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = [
  'pending',
  'approved',
  'running',
  'done',
  'failed',
  'interrupted',
  'denied',
  'expired',
];

/** One step of an approval's life: its new status, when, who moved it there (if a person did) and why. */
export interface ApprovalTransition {
  readonly status: ApprovalStatus;
  readonly at: string;
  readonly by?: string;
  readonly reason?: string;
}

/** A call waiting for a person: the exact call to resume, who asked, and the decision once made. */
export interface PendingApproval {
  readonly id: string;
  readonly callId: string;
  /** Qualified action name. */
  readonly name: string;
  /** The validated arguments, target id included, exactly as they will run. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly user: User | undefined;
  readonly context: Readonly<Record<string, unknown>>;
  readonly sessionId: string | undefined;
  readonly idempotencyKey: string | undefined;
  readonly requestedAt: string;
  readonly status: ApprovalStatus;
  /** Who approved or denied it first, when and why. */
  readonly decidedBy?: string;
  readonly decidedAt?: string;
  readonly reason?: string;
  /** While approved or running: the run holding it must renew its lease before this time, or it is interrupted. */
  readonly leaseUntil?: string;
  /**
   * How the last run ended (`done`, `failed`, `interrupted`, `denied`): its error code and message when it failed;
   * for a run, the text the model reads (`modelOutput`) and, when it succeeded, its value, so the caller who asked
   * can be given the result later, from any process.
   */
  readonly outcome?: {
    readonly ok: boolean;
    readonly errorCode?: string;
    readonly message?: string;
    readonly value?: unknown;
    readonly modelOutput?: string;
  };
  /** Every status it went through, oldest first (the stores keep it; a new approval may leave it out). */
  readonly history?: readonly ApprovalTransition[];
}

/** What a decision records. */
export interface ApprovalDecision {
  readonly status: 'approved' | 'denied';
  readonly by: string;
  readonly reason?: string;
  /** When approving: the token of the run that will hold it, and how long its first lease lasts. */
  readonly holder?: string;
  readonly leaseMs?: number;
}

/** An atomic move from one of `from` to `status`, only while the approval is held by `holder` when that is given. */
export interface ApprovalChange {
  readonly from: readonly ApprovalStatus[];
  readonly status: ApprovalStatus;
  /** Required holder token (the run that holds the approval). */
  readonly holder?: string;
  /** The token of the run that holds it from now on (retry), with its lease. */
  readonly newHolder?: string;
  /** Lease from now, in milliseconds; approved and running approvals keep one. */
  readonly leaseMs?: number;
  readonly by?: string;
  readonly reason?: string;
  readonly outcome?: PendingApproval['outcome'];
}

/** Filters of `list`: one status or several, a session, and the idempotency key the call was given. */
export interface ApprovalFilter {
  readonly status?: ApprovalStatus | readonly ApprovalStatus[];
  readonly sessionId?: string;
  readonly idempotencyKey?: string;
}

/** Port: keeps approvals; `decide` and `change` are atomic compare-and-set, so only one of two racing moves wins. */
export interface ApprovalStore {
  create(approval: PendingApproval): Promise<void>;
  get(id: string): Promise<PendingApproval | undefined>;
  /** Record a decision on a pending approval; undefined when it is unknown or already decided. */
  decide(id: string, decision: ApprovalDecision): Promise<PendingApproval | undefined>;
  /** Move an approval along its state machine; undefined when it is unknown, in another status or held by another run. */
  change(id: string, change: ApprovalChange): Promise<PendingApproval | undefined>;
  /**
   * Resolve what nobody will finish: approved or running approvals whose lease ran out (every one with
   * `everyRun`, when the caller knows no other process runs any) become `interrupted`, pending ones asked before
   * `pendingBefore` become `expired`. Answers the approvals it moved.
   */
  recover(options: {
    readonly everyRun?: boolean;
    readonly pendingBefore?: string;
  }): Promise<PendingApproval[]>;
  list(filter?: ApprovalFilter): Promise<PendingApproval[]>;
}

/** Whether an approval's status is one of those a filter asks for. */
export function statusMatches(status: ApprovalStatus, wanted: ApprovalFilter['status']): boolean {
  if (wanted === undefined) return true;
  return typeof wanted === 'string' ? status === wanted : wanted.includes(status);
}
