import { APPROVAL_STATUSES, type ApprovalStatus } from '@affordance/core/ports';
import type { Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import { schemaRef } from '../openapi/schemas.js';
import { redactApproval } from '../redact-approval.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { seesApproval, visibilityOf } from '../visibility.js';
import { mountDecisionRoutes } from './decision-routes.js';

/** The statuses a `status` query names (one, or several separated by commas); a wrong one is a 400. */
export function statusesOf(text: string | undefined): ApprovalStatus[] | undefined {
  if (text === undefined || text === '') return undefined;
  const statuses = text.split(',').map((part) => part.trim());
  for (const status of statuses) {
    if (!(APPROVAL_STATUSES as readonly string[]).includes(status)) {
      throw new ServerError(
        'invalid_request',
        `\`status\` must be one or more of ${APPROVAL_STATUSES.join(', ')} (comma-separated), not '${status}'`,
      );
    }
  }
  return statuses as ApprovalStatus[];
}

/**
 * Mount `GET /api/approvals`, `POST /api/approvals/:id` (approve or deny, answering the call's result) and
 * `POST /api/approvals/:id/retry` (run an interrupted one again).
 */
export function mountApprovalRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;

  route(app, {
    method: 'get',
    path: '/api/approvals',
    operationId: 'listApprovals',
    summary: 'Calls waiting for (or given) a decision, and where each stands',
    description:
      'Approvals are listed only to those who may decide them: with API keys, holders of an approver role ' +
      '(default `admin`), and not the user who asked for the call unless `allowSelfApproval` is set. Listing first ' +
      'marks runs whose lease ran out as `interrupted` and pending ones past their expiry as `expired`. ' +
      'Arguments and context are redacted as the audit log redacts them.',
    tags: ['approvals'],
    query: {
      status: {
        description: `Only these statuses, comma-separated (${APPROVAL_STATUSES.join(', ')})`,
        schema: { type: 'string' },
      },
      session: { description: 'Only this session', schema: { type: 'string' } },
    },
    responses: {
      200: {
        description: 'The approvals',
        schema: {
          type: 'object',
          required: ['approvals'],
          properties: { approvals: { type: 'array', items: schemaRef('PendingApproval') } },
        },
      },
    },
    errors: ['invalid_request'],
    handler: async (context) => {
      const status = statusesOf(context.req.query('status'));
      const session = context.req.query('session');
      const visibility = visibilityOf(context.get('user'), deps);
      const approvals = await registry.approvals.list({
        ...(status ? { status } : {}),
        ...(session ? { sessionId: session } : {}),
      });
      return context.json({
        approvals: approvals
          .filter((approval) => seesApproval(visibility, approval))
          .map((approval) => redactApproval(registry, approval)),
      });
    },
  });

  mountDecisionRoutes(app, deps);
}
