import type { User } from '../action/types.js';

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
  readonly status: 'pending' | 'approved' | 'denied';
  readonly decidedBy?: string;
  readonly decidedAt?: string;
  readonly reason?: string;
}

/** What a decision records. */
export interface ApprovalDecision {
  readonly status: 'approved' | 'denied';
  readonly by: string;
  readonly reason?: string;
}

/** Port: keeps pending approvals; `decide` is atomic, so only one decision wins. */
export interface ApprovalStore {
  create(approval: PendingApproval): Promise<void>;
  get(id: string): Promise<PendingApproval | undefined>;
  /** Record a decision on a pending approval; undefined when it is unknown or already decided. */
  decide(id: string, decision: ApprovalDecision): Promise<PendingApproval | undefined>;
  list(filter?: {
    readonly status?: PendingApproval['status'];
    readonly sessionId?: string;
  }): Promise<PendingApproval[]>;
}

/** An approval store held in memory. */
export function createMemoryApprovalStore(): ApprovalStore {
  const approvals = new Map<string, PendingApproval>();
  return {
    async create(approval) {
      approvals.set(approval.id, approval);
    },
    async get(id) {
      return approvals.get(id);
    },
    async decide(id, decision) {
      const current = approvals.get(id);
      if (!current || current.status !== 'pending') return undefined;
      const decided: PendingApproval = {
        ...current,
        status: decision.status,
        decidedBy: decision.by,
        decidedAt: new Date().toISOString(),
        ...(decision.reason ? { reason: decision.reason } : {}),
      };
      approvals.set(id, decided);
      return decided;
    },
    async list(filter = {}) {
      return [...approvals.values()].filter(
        (approval) =>
          (!filter.status || approval.status === filter.status) &&
          (!filter.sessionId || approval.sessionId === filter.sessionId),
      );
    },
  };
}
