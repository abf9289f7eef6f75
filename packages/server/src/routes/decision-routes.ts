import { isKernelError, type RunResult } from '@affordance/core';
import type { Context, Hono } from 'hono';
import { approverRefusal, currentRequester, decisionRefusal } from '../approval-policy.js';
import { route } from '../openapi/define-route.js';
import { schemaRef } from '../openapi/schemas.js';
import { optionalString, readJsonObject } from '../read-json-body.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';

const ID_PARAM = {
  id: {
    description: 'The approval id (`error.details.approvalId` of the call)',
    schema: { type: 'string' },
  },
} as const;

const ERRORS = [
  'invalid_json_body',
  'invalid_request',
  'payload_too_large',
  'forbidden',
  'unknown_approval',
  'approval_not_pending',
] as const;

/**
 * Mount `POST /api/approvals/:id` and `POST /api/approvals/:id/retry`. Both check separation of duties first, run
 * the call as its requester is now (a removed key or a lost role refuses it, recorded), and answer the action's
 * own outcome: the approver's connection dropping does not abort the run.
 */
export function mountDecisionRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;

  route(app, {
    method: 'post',
    path: '/api/approvals/:id',
    operationId: 'decideApproval',
    summary: 'Approve or deny a pending call',
    description:
      'Approving runs the call as it was asked and answers its result; denying answers `approval_denied`. ' +
      'With API keys only an approver (default role `admin`) decides, never the user who asked for the call ' +
      'unless `allowSelfApproval` is set. The run goes on if the connection drops; the audit keeps its outcome.',
    tags: ['approvals'],
    params: ID_PARAM,
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
    errors: [...ERRORS],
    handler: async (context) => {
      const body = await readJsonObject(context);
      const decision = body.decision;
      if (decision !== 'approve' && decision !== 'deny') {
        throw new ServerError('invalid_request', "`decision` must be 'approve' or 'deny'");
      }
      const reason = optionalString(body, 'reason');
      const user = context.get('user');
      return decided(context, async (id) => {
        const approval = await checked(id, context, deps);
        if (decision === 'deny')
          return registry.approvals.deny(id, { by: user.id, ...(reason ? { reason } : {}) });
        return registry.approvals.approve(id, {
          by: user.id,
          requester: currentRequester(approval, deps),
          ...(reason ? { reason } : {}),
        });
      });
    },
  });

  route(app, {
    method: 'post',
    path: '/api/approvals/:id/retry',
    operationId: 'retryApproval',
    summary: 'Run an interrupted approved call again',
    description:
      'Only an approval whose run was `interrupted` (its process stopped) can be retried, by someone who may ' +
      'decide it; the run is as an approval, and answers its result.',
    tags: ['approvals'],
    params: ID_PARAM,
    body: {
      required: false,
      schema: { type: 'object', properties: { reason: { type: 'string', minLength: 1 } } },
    },
    responses: { 200: { description: "The call's result", schema: schemaRef('RunResult') } },
    errors: [...ERRORS],
    handler: async (context) => {
      const body = await readJsonObject(context);
      const reason = optionalString(body, 'reason');
      const user = context.get('user');
      return decided(context, async (id) => {
        const approval = await checked(id, context, deps);
        return registry.approvals.retry(id, {
          by: user.id,
          requester: currentRequester(approval, deps),
          ...(reason ? { reason } : {}),
        });
      });
    },
  });
}

// The approval, once the user may decide it (404 when unknown, 403 when they may not).
async function checked(id: string, context: Context<ServerEnv>, deps: RouteDeps) {
  const user = context.get('user');
  const notApprover = approverRefusal(user, deps);
  if (notApprover) throw new ServerError('forbidden', notApprover);
  const approval = await deps.registry.approvals.get(id);
  if (!approval) throw notFound(id);
  const refusal = decisionRefusal(user, approval, deps);
  if (refusal) throw new ServerError('forbidden', refusal);
  return approval;
}

function notFound(id: string): ServerError {
  return new ServerError(
    'unknown_approval',
    `there is no approval ${id}`,
    'GET /api/approvals?status=pending lists them',
  );
}

async function decided(
  context: Context<ServerEnv>,
  work: (id: string) => Promise<RunResult>,
): Promise<Response> {
  const id = context.req.param('id') ?? '';
  try {
    return context.json(await work(id));
  } catch (error) {
    if (isKernelError(error) && error.code === 'unknown_approval') throw notFound(id);
    if (isKernelError(error) && error.code === 'approval_not_pending') {
      throw new ServerError('approval_not_pending', error.message);
    }
    throw error;
  }
}
