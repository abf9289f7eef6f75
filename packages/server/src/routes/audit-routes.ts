import { ERROR_CODES, isErrorCode } from '@affordance/core';
import type { AuditQuery } from '@affordance/core/ports';
import type { Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import { schemaRef } from '../openapi/schemas.js';
import { optionalInteger } from '../read-json-body.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { visibilityOf } from '../visibility.js';

/** Mount `GET /api/audit`: the audit log, newest first, filtered and paged with `cursor`. */
export function mountAuditRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const text = (description: string) => ({ description, schema: { type: 'string' } });
  route(app, {
    method: 'get',
    path: '/api/audit',
    operationId: 'listAudit',
    summary: 'The audit log, newest first',
    description:
      'With API keys, a user without an auditor role (`auditorRoles`, default admin) reads only their own records.',
    tags: ['audit'],
    query: {
      session: text('Only this session'),
      user: text('Only this user id'),
      action: text('Only this qualified action name'),
      outcome: {
        description: 'Only successes or failures',
        schema: { type: 'string', enum: ['ok', 'error'] },
      },
      errorCode: {
        description: 'Only failures with this error code',
        schema: { type: 'string', enum: [...ERROR_CODES] },
      },
      since: { description: 'Started at or after (ISO date or time)', schema: { type: 'string' } },
      until: { description: 'Started before (ISO date or time)', schema: { type: 'string' } },
      limit: { description: 'Page size', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      cursor: text('`nextCursor` of the previous page'),
    },
    responses: {
      200: {
        description: 'One page of records; `nextCursor` when there are more',
        schema: {
          type: 'object',
          required: ['records'],
          properties: {
            records: { type: 'array', items: schemaRef('AuditRecord') },
            nextCursor: { type: 'string' },
          },
        },
      },
    },
    errors: ['invalid_request', 'forbidden'],
    handler: async (context) => {
      const query = context.req.query();
      const user = context.get('user');
      const own = !visibilityOf(user, deps).allCalls;
      if (own && query.user !== undefined && query.user !== user.id) {
        throw new ServerError(
          'forbidden',
          `reading other users' audit records needs one of the roles ${deps.auditorRoles.join(', ')}`,
        );
      }
      const outcome = query.outcome;
      if (outcome !== undefined && outcome !== 'ok' && outcome !== 'error') {
        throw new ServerError('invalid_request', `\`outcome\` must be 'ok' or 'error', not '${outcome}'`);
      }
      if (query.errorCode !== undefined && !isErrorCode(query.errorCode)) {
        throw new ServerError('invalid_request', `\`errorCode\` '${query.errorCode}' is not an error code`);
      }
      const limit = optionalInteger(query.limit, 'limit', 1000);
      const filters: AuditQuery = {
        ...(query.session ? { sessionId: query.session } : {}),
        ...(own ? { userId: user.id } : query.user ? { userId: query.user } : {}),
        ...(query.action ? { name: query.action } : {}),
        ...(outcome ? { outcome } : {}),
        ...(query.errorCode && isErrorCode(query.errorCode) ? { errorCode: query.errorCode } : {}),
        ...(query.since ? { since: isoTime(query.since, 'since') } : {}),
        ...(query.until ? { until: isoTime(query.until, 'until') } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(limit !== undefined ? { limit } : {}),
      };
      const page = await deps.store.audit.query(filters);
      return context.json({
        records: page.records,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      });
    },
  });
}

function isoTime(value: string, key: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new ServerError('invalid_request', `\`${key}\` must be an ISO date or time, not '${value}'`);
  }
  return new Date(time).toISOString();
}
