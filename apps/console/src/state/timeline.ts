import type { AuditRecord, RunResult } from '../api/types.js';

/** Where a call stands in the timeline. */
export type CallStatus = 'running' | 'waiting' | 'ok' | 'failed';

/** One tool call in the timeline: from this tab (args known) or seen on the server's event stream. */
export interface TimelineEntry {
  /** Stable key: the call id once known, else a local id. */
  readonly key: string;
  readonly callId: string | undefined;
  readonly name: string;
  readonly status: CallStatus;
  /** The arguments as sent (this tab) or as the audit log kept them (redacted). */
  readonly args: unknown;
  readonly result: RunResult | undefined;
  readonly userId: string | undefined;
  readonly origin: 'this tab' | 'server';
  readonly startedAt: number;
  /** Why a call from this tab got no result (the request itself failed). */
  readonly failure?: string;
  /** Loaded from the audit log (an earlier visit): the result's value was not kept. */
  readonly fromAudit?: boolean;
}

/** What changes the timeline. */
export type TimelineEvent =
  | {
      readonly type: 'local-start';
      readonly localId: string;
      readonly name: string;
      readonly args: Record<string, unknown>;
      readonly at: number;
    }
  | { readonly type: 'local-end'; readonly localId: string; readonly result: RunResult }
  | { readonly type: 'local-fail'; readonly localId: string; readonly message: string }
  | {
      readonly type: 'call-start';
      readonly callId: string;
      readonly name: string;
      readonly userId: string | undefined;
      readonly at: number;
    }
  | { readonly type: 'call-end'; readonly callId: string; readonly result: RunResult; readonly at: number }
  | { readonly type: 'history'; readonly records: readonly AuditRecord[] };

/** The most calls kept; older ones fall off the end. */
export const TIMELINE_LIMIT = 200;

/** The status a finished call shows: waiting while an approval is pending. */
export function statusOf(result: RunResult): CallStatus {
  if (result.ok) return 'ok';
  return result.error.code === 'approval_required' ? 'waiting' : 'failed';
}

/**
 * Fold one event into the timeline (newest first). A call this tab started is matched with the server's
 * `call-start` of the same name, so it shows once with its arguments; its result and the server's `call-end` may
 * come in either order.
 */
export function reduceTimeline(entries: readonly TimelineEntry[], event: TimelineEvent): TimelineEntry[] {
  switch (event.type) {
    case 'local-start':
      return cap([
        {
          key: event.localId,
          callId: undefined,
          name: event.name,
          status: 'running',
          args: event.args,
          result: undefined,
          userId: undefined,
          origin: 'this tab',
          startedAt: event.at,
        },
        ...entries,
      ]);
    case 'local-end': {
      const local = entries.find((entry) => entry.key === event.localId);
      if (!local) return [...entries];
      const callId = event.result.callId;
      // The server's events may have made an entry of their own for this call: keep one.
      const others = entries.filter((entry) => entry.key === event.localId || entry.callId !== callId);
      return others.map((entry) =>
        entry.key === event.localId
          ? { ...entry, callId, result: event.result, status: statusOf(event.result) }
          : entry,
      );
    }
    case 'local-fail':
      return entries.map((entry) =>
        entry.key === event.localId ? { ...entry, status: 'failed', failure: event.message } : entry,
      );
    case 'call-start': {
      if (entries.some((entry) => entry.callId === event.callId)) return [...entries];
      const mine = [...entries]
        .reverse()
        .find(
          (entry) => entry.origin === 'this tab' && entry.callId === undefined && entry.name === event.name,
        );
      if (mine)
        return entries.map((entry) =>
          entry === mine ? { ...entry, callId: event.callId, userId: event.userId } : entry,
        );
      return cap([
        {
          key: event.callId,
          callId: event.callId,
          name: event.name,
          status: 'running',
          args: undefined,
          result: undefined,
          userId: event.userId,
          origin: 'server',
          startedAt: event.at,
        },
        ...entries,
      ]);
    }
    case 'call-end': {
      const known = entries.some((entry) => entry.callId === event.callId);
      if (!known) {
        return cap([
          {
            key: event.callId,
            callId: event.callId,
            name: event.result.name,
            status: statusOf(event.result),
            args: undefined,
            result: event.result,
            userId: undefined,
            origin: 'server',
            startedAt: event.at,
          },
          ...entries,
        ]);
      }
      return entries.map((entry) =>
        entry.callId === event.callId
          ? { ...entry, result: event.result, status: statusOf(event.result) }
          : entry,
      );
    }
    case 'history': {
      // Calls from before this page loaded, as the audit log keeps them; the live ones already here win.
      const known = new Set(entries.map((entry) => entry.callId));
      // A call that waited for approval has a second record once decided, under the same id: the later one counts.
      const latest = new Map<string, AuditRecord>();
      for (const record of event.records) {
        const seen = latest.get(record.callId);
        if (!seen || record.endedAt > seen.endedAt) latest.set(record.callId, record);
      }
      const earlier = [...latest.values()].filter((record) => !known.has(record.callId)).map(entryOfRecord);
      return cap([...entries, ...earlier].sort((a, b) => b.startedAt - a.startedAt));
    }
    default: {
      const unreachable: never = event;
      throw new TypeError(`unknown timeline event ${JSON.stringify(unreachable)}`);
    }
  }
}

function cap(entries: TimelineEntry[]): TimelineEntry[] {
  return entries.length > TIMELINE_LIMIT ? entries.slice(0, TIMELINE_LIMIT) : entries;
}

/** A timeline entry for a call the audit log recorded: its outcome, error and duration, without the value. */
export function entryOfRecord(record: AuditRecord): TimelineEntry {
  const meta = { callId: record.callId, name: record.name, durationMs: record.durationMs, modelOutput: '' };
  const result: RunResult =
    record.outcome === 'ok'
      ? { ok: true, value: undefined, ...meta }
      : {
          ok: false,
          error: { code: record.errorCode ?? 'handler_error', message: record.errorMessage ?? '' },
          ...meta,
        };
  return {
    key: record.callId,
    callId: record.callId,
    name: record.name,
    status: statusOf(result),
    args: record.args,
    result,
    userId: record.userId,
    origin: 'server',
    startedAt: Date.parse(record.startedAt),
    fromAudit: true,
  };
}
