import type { ErrorCode } from '../errors/error-codes.js';

/** One finished call, as the audit log keeps it. Arguments are already redacted. */
export interface AuditRecord {
  /** The pipeline's id of the call: never one a caller chose. */
  readonly callId: string;
  /** The tool-call id the caller or model gave (`RunCall.toolCallId`), kept beside `callId`. */
  readonly toolCallId?: string;
  readonly parentCallId?: string;
  readonly sessionId?: string;
  readonly userId?: string;
  readonly tenantId?: string;
  /** Qualified action name, or the name as sent for unknown actions. */
  readonly name: string;
  /** The resolved target; when the call failed before resolving it (invalid arguments, unknown id), the one named. */
  readonly target?: { readonly type: string; readonly id: string };
  /** Redacted arguments: parsed when they could be read, JSON text as sent when they could not. */
  readonly args: unknown;
  readonly outcome: 'ok' | 'error';
  readonly errorCode?: ErrorCode;
  readonly errorMessage?: string;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly durationMs: number;
  readonly depth: number;
  readonly repaired?: boolean;
  readonly replayed?: boolean;
  /** For a call that waited for a person: the approval, who decided it (approved, denied or retried) and why. */
  readonly approval?: AuditApproval;
}

/** The decision an audit record of a paused call keeps: which approval, who decided, and the reason given. */
export interface AuditApproval {
  readonly id: string;
  readonly decidedBy: string;
  readonly reason?: string;
}

/** Port: receives every finished call. A promise makes `run` wait for it (sync durability). */
export interface AuditSink {
  record(record: AuditRecord): void | Promise<void>;
}

/** Filters for reading an audit log. */
export interface AuditQuery {
  readonly sessionId?: string;
  readonly userId?: string;
  readonly name?: string;
  readonly outcome?: 'ok' | 'error';
  readonly errorCode?: ErrorCode;
  readonly since?: string;
  readonly until?: string;
  readonly limit?: number;
  /** Opaque cursor from a previous page. */
  readonly cursor?: string;
}

/** A page of audit records, newest first. */
export interface AuditPage {
  readonly records: AuditRecord[];
  readonly nextCursor?: string;
}

/** An audit sink that can also be read. */
export interface AuditLog extends AuditSink {
  query(query?: AuditQuery): Promise<AuditPage>;
}

/** An audit log held in memory, keeping the newest `capacity` records (default 1,000). */
export function createMemoryAuditLog(options: { capacity?: number } = {}): AuditLog {
  // Small by default: records that die young cost the garbage collector next to nothing; a long-lived log
  // belongs in a durable store (see @affordance/store-postgres).
  const capacity = options.capacity ?? 1_000;
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive whole number; got ${String(capacity)}`);
  // A ring: record number n (counting from the first ever written) lives in slot n % capacity, so writing one is
  // a single store, with no shifting or trimming of an array.
  const slots: AuditRecord[] = [];
  let written = 0;
  return {
    record(record) {
      slots[written % capacity] = record;
      written++;
    },
    async query(query = {}) {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 1000);
      // Cursor = record number just past the last record already returned (records are read newest first).
      let end = written;
      if (query.cursor) end = Math.min(end, Number.parseInt(query.cursor, 10) || 0);
      const oldest = Math.max(0, written - capacity);
      const page: AuditRecord[] = [];
      let number = end - 1;
      for (; number >= oldest && page.length < limit; number--) {
        const record = slots[number % capacity]!;
        if (matches(record, query)) page.push(record);
      }
      const more = number >= oldest;
      return more ? { records: page, nextCursor: String(number + 1) } : { records: page };
    },
  };
}

function matches(record: AuditRecord, query: AuditQuery): boolean {
  return (
    (!query.sessionId || record.sessionId === query.sessionId) &&
    (!query.userId || record.userId === query.userId) &&
    (!query.name || record.name === query.name) &&
    (!query.outcome || record.outcome === query.outcome) &&
    (!query.errorCode || record.errorCode === query.errorCode) &&
    (!query.since || record.startedAt >= query.since) &&
    (!query.until || record.startedAt < query.until)
  );
}
