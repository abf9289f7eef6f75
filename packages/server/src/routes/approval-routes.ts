import { AffordanceError, type PendingApproval } from '@affordance/core';
import type { Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import { schemaRef } from '../openapi/schemas.js';
import { optionalString, readJsonObject } from '../read-json-body.js';
import { redactApproval } from '../redact-approval.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { seesApproval, visibilityOf } from '../visibility.js';

const STATUSES: ReadonlyArray<PendingApproval['status']> = ['pending', 'approved', 'denied'];

/** Mount `GET /api/approvals` and `POST /api/approvals/:id` (approve or deny, answering the call's result). */
export function mountApprovalRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;

  route(app, {
    method: 'get',
    path: '/api/approvals',
    operationId: 'listApprovals',
    summary: 'Calls waiting for (or given) a decision',
    description:
      'With API keys and `approverRoles`, a user who may not decide sees only the approvals of their own calls. ' +
      'Arguments and context are redacted as the audit log redacts them.',
    tags: ['approvals'],
    query: {
      status: { description: 'Only this status', schema: { type: 'string', enum: [...STATUSES] } },
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
      const status = context.req.query('status');
      if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
        throw new ServerError(
          'invalid_request',
          `\`status\` must be one of ${STATUSES.join(', ')}, not '${status}'`,
        );
      }
      const session = context.req.query('session');
      const user = context.get('user');
      const visibility = visibilityOf(user, deps);
      const approvals = await registry.approvals.list({
        ...(status ? { status: status as PendingApproval['status'] } : {}),
        ...(session ? { sessionId: session } : {}),
      });
      return context.json({
        approvals: approvals
          .filter((approval) => seesApproval(visibility, user, approval))
          .map((approval) => redactApproval(registry, approval)),
      });
    },
  });

  route(app, {
    method: 'post',
    path: '/api/approvals/:id',
    operationId: 'decideApproval',
    summary: 'Approve or deny a pending call',
    description:
      'Approving runs the call as it was asked and answers its result; denying answers `approval_denied`.',
    tags: ['approvals'],
    params: {
      id: {
        description: 'The approval id (`error.details.approvalId` of the call)',
        schema: { type: 'string' },
      },
    },
    body: {
      required: true,
      schema: {
        type: 'object',
        required: ['decision'],
        properties: {
          decision: { type: 'string', enum: ['approve', 'deny'] },
          reason: { type: 'string', minLength: 1 },
        },
      },
    },
    responses: {
      200: { description: "The resumed (or denied) call's result", schema: schemaRef('RunResult') },
    },
    errors: [
      'invalid_json_body',
      'invalid_request',
      'payload_too_large',
      'forbidden',
      'unknown_approval',
      'approval_not_pending',
    ],
    handler: async (context) => {
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
    },
  });
}
