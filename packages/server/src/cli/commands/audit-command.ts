import { isErrorCode } from '@affordance/core';
import type { AuditPage, AuditQuery } from '@affordance/core/ports';
import { type CliIO, EXIT, paint, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { expectOk, queryOf, REMOTE_OPTIONS, remoteServer } from '../remote.js';
import { withApp } from '../with-app.js';

/** `affordance audit`: the audit log, newest first, with the same filters as `GET /api/audit`. */
export const auditCommand: Command = {
  name: 'audit',
  summary: 'read the audit log',
  usage: `affordance audit [--session id] [--user id] [--action name] [--outcome ok|error] [--error-code code]
                [--since iso] [--until iso] [--limit n] [--cursor c] [--server url] [--json]

  --server  read it from the server at this URL (API key from AFFORDANCE_API_KEY) instead of the data folder`,
  async run(args, io) {
    const { values } = parseCommand(args, {
      session: { type: 'string' },
      user: { type: 'string' },
      action: { type: 'string' },
      outcome: { type: 'string' },
      'error-code': { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
      ...REMOTE_OPTIONS,
    });
    const query = auditQuery(values);
    const remote = remoteServer(values.server);
    if (remote) {
      const path = `/api/audit${queryOf({
        session: query.sessionId,
        user: query.userId,
        action: query.name,
        outcome: query.outcome,
        errorCode: query.errorCode,
        since: query.since,
        until: query.until,
        limit: query.limit,
        cursor: query.cursor,
      })}`;
      return show(io, expectOk(await remote.request(path)) as AuditPage, values.json === true);
    }
    return withApp(
      values,
      async ({ store }) => show(io, await store.audit.query(query), values.json === true),
      io,
    );
  },
};

function show(io: CliIO, page: AuditPage, json: boolean): number {
  if (json) {
    printJson(io, page);
    return EXIT.ok;
  }
  for (const record of page.records) {
    const outcome = record.outcome === 'ok' ? paint(io, 'green', 'ok   ') : paint(io, 'red', 'error');
    const code = record.errorCode ? ` ${paint(io, 'yellow', record.errorCode)}` : '';
    io.out(
      `${paint(io, 'dim', record.startedAt)} ${outcome} ${record.name}${code} ${paint(io, 'dim', `user=${record.userId ?? '-'} session=${record.sessionId ?? '-'}`)}\n`,
    );
  }
  if (page.records.length === 0) io.out('No audit records match.\n');
  if (page.nextCursor) io.out(paint(io, 'dim', `more: --cursor ${page.nextCursor}\n`));
  return EXIT.ok;
}

function auditQuery(values: Record<string, string | boolean | undefined>): AuditQuery {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const outcome = text('outcome');
  if (outcome !== undefined && outcome !== 'ok' && outcome !== 'error')
    throw new UsageError('--outcome must be ok or error');
  const errorCode = text('error-code');
  if (errorCode !== undefined && !isErrorCode(errorCode))
    throw new UsageError(`--error-code '${errorCode}' is not an error code`);
  const limit = text('limit') === undefined ? undefined : Number(text('limit'));
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000))
    throw new UsageError('--limit must be an integer from 1 to 1000');
  const time = (key: string) => {
    const value = text(key);
    if (value === undefined) return undefined;
    if (Number.isNaN(Date.parse(value))) throw new UsageError(`--${key} must be an ISO date or time`);
    return new Date(value).toISOString();
  };
  const since = time('since');
  const until = time('until');
  return {
    ...(text('session') ? { sessionId: text('session') } : {}),
    ...(text('user') ? { userId: text('user') } : {}),
    ...(text('action') ? { name: text('action') } : {}),
    ...(outcome ? { outcome } : {}),
    ...(errorCode && isErrorCode(errorCode) ? { errorCode } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(text('cursor') ? { cursor: text('cursor') } : {}),
  };
}
