import type { ErrorCode } from '@affordance/core';
import { type AuditApproval, type AuditRecord, storableText } from '@affordance/core/ports';
import { isoOf, toJsonText } from './json-text.js';

/** Columns of `agent_actions` written per record, in parameter order. */
export const AUDIT_COLUMNS = [
  'call_id',
  'tool_call_id',
  'parent_call_id',
  'session_id',
  'user_id',
  'tenant_id',
  'action',
  'target_type',
  'target_id',
  'args',
  'outcome',
  'error_code',
  'error_message',
  'started_at',
  'ended_at',
  'duration_ms',
  'depth',
  'repaired',
  'replayed',
  'approval',
] as const;

const CASTS: Partial<Record<(typeof AUDIT_COLUMNS)[number], string>> = {
  args: '::jsonb',
  approval: '::jsonb',
  started_at: '::timestamptz',
  ended_at: '::timestamptz',
};

/**
 * The parameters of one record, in `AUDIT_COLUMNS` order. Every text is made storable (NUL and lone surrogates
 * become U+FFFD, as in `jsonb`): a record from any sink writer is written, never refused for its characters.
 */
export function auditParams(record: AuditRecord): unknown[] {
  return [
    storable(record.callId),
    storable(record.toolCallId),
    storable(record.parentCallId),
    storable(record.sessionId),
    storable(record.userId),
    storable(record.tenantId),
    storable(record.name),
    storable(record.target?.type),
    storable(record.target?.id),
    toJsonText(record.args),
    record.outcome,
    record.errorCode ?? null,
    storable(record.errorMessage),
    record.startedAt,
    record.endedAt,
    record.durationMs,
    record.depth,
    record.repaired === true,
    record.replayed === true,
    toJsonText(record.approval),
  ];
}

/** `INSERT INTO agent_actions … VALUES (…), (…)` for `rows` records, with numbered parameters. */
export function auditInsertSql(rows: number): string {
  const width = AUDIT_COLUMNS.length;
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    const cells = AUDIT_COLUMNS.map((column, index) => `$${row * width + index + 1}${CASTS[column] ?? ''}`);
    tuples.push(`(${cells.join(', ')})`);
  }
  return `INSERT INTO agent_actions (${AUDIT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
}

function storable(text: string | undefined): string | null {
  return typeof text === 'string' ? storableText(text) : null;
}

/** A row of `agent_actions` as both drivers return it. */
export interface AuditRow {
  seq: string;
  call_id: string;
  tool_call_id: string | null;
  parent_call_id: string | null;
  session_id: string | null;
  user_id: string | null;
  tenant_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  args: unknown;
  /** True for SQL NULL (no arguments), false for any JSON value, JSON null included. */
  no_args: boolean;
  outcome: 'ok' | 'error';
  error_code: string | null;
  error_message: string | null;
  started_at: unknown;
  ended_at: unknown;
  duration_ms: number;
  depth: number;
  repaired: boolean;
  replayed: boolean;
  approval: AuditApproval | null;
}

/** The record a row holds; absent optional fields stay absent. */
export function auditRecordOf(row: AuditRow): AuditRecord {
  return {
    callId: row.call_id,
    ...(row.tool_call_id !== null ? { toolCallId: row.tool_call_id } : {}),
    ...(row.parent_call_id !== null ? { parentCallId: row.parent_call_id } : {}),
    ...(row.session_id !== null ? { sessionId: row.session_id } : {}),
    ...(row.user_id !== null ? { userId: row.user_id } : {}),
    ...(row.tenant_id !== null ? { tenantId: row.tenant_id } : {}),
    name: row.action,
    ...(row.target_type !== null && row.target_id !== null
      ? { target: { type: row.target_type, id: row.target_id } }
      : {}),
    args: row.no_args ? undefined : row.args,
    outcome: row.outcome,
    ...(row.error_code !== null ? { errorCode: row.error_code as ErrorCode } : {}),
    ...(row.error_message !== null ? { errorMessage: row.error_message } : {}),
    startedAt: isoOf(row.started_at),
    endedAt: isoOf(row.ended_at),
    durationMs: Number(row.duration_ms),
    depth: Number(row.depth),
    ...(row.repaired ? { repaired: true } : {}),
    ...(row.replayed ? { replayed: true } : {}),
    ...(row.approval !== null ? { approval: row.approval } : {}),
  };
}
