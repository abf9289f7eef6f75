import { AffordanceError, type PendingApproval } from '@affordance/core';
import type { Hono } from 'hono';
import { optionalString, readJsonObject } from '../read-json-body.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';

const STATUSES: ReadonlyArray<PendingApproval['status']> = ['pending', 'approved', 'denied'];

/** Mount `GET /api/approvals` and `POST /api/approvals/:id` (approve or deny, answering the call's result). */
export function mountApprovalRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;

  app.get('/api/approvals', async (context) => {
    const status = context.req.query('status');
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      throw new ServerError(
        'invalid_request',
        `\`status\` must be one of ${STATUSES.join(', ')}, not '${status}'`,
      );
    }
    const session = context.req.query('session');
    const approvals = await registry.approvals.list({
      ...(status ? { status: status as PendingApproval['status'] } : {}),
      ...(session ? { sessionId: session } : {}),
    });
    return context.json({ approvals });
  });

  app.post('/api/approvals/:id', async (context) => {
    const body = await readJsonObject(context);
    const decision = body.decision;
    if (decision !== 'approve' && decision !== 'deny') {
      throw new ServerError('invalid_request', "`decision` must be 'approve' or 'deny'");
    }
    const reason = optionalString(body, 'reason');
    const user = context.get('user');
    if (deps.approverRoles && !user.roles?.some((role) => deps.approverRoles!.includes(role))) {
      throw new ServerError(
        'forbidden',
        `deciding approvals needs one of the roles ${deps.approverRoles.join(', ')}`,
      );
    }
    const id = context.req.param('id');
    try {
      const result =
        decision === 'approve'
          ? await registry.approvals.approve(id, {
              by: user.id,
              signal: context.req.raw.signal,
              ...(reason ? { reason } : {}),
            })
          : await registry.approvals.deny(id, { by: user.id, ...(reason ? { reason } : {}) });
      return context.json(result);
    } catch (error) {
      if (error instanceof AffordanceError && error.kind === 'unknown_approval') {
        throw new ServerError(
          'unknown_approval',
          error.message,
          'GET /api/approvals?status=pending lists them',
        );
      }
      if (error instanceof AffordanceError && error.kind === 'approval_not_pending') {
        throw new ServerError('approval_not_pending', error.message);
      }
      throw error;
    }
  });
}
