import type { RunCall } from '../../action/types.js';
import { type ActionError, actionError } from '../../errors/action-error.js';
import { MAX_CALL_ID_LENGTH, textProblem } from '../../util/check-text.js';
import { fail, NEXT, type Step } from '../call-state.js';

/** Longest action name a call may carry. */
export const MAX_NAME_LENGTH = 256;
const MAX_ROLE_LENGTH = 128;

const ID_RULE = `1 to ${MAX_CALL_ID_LENGTH} characters, without control characters, bidirectional overrides or lone surrogates`;

/**
 * Check every call-level field before anything reads it — the action name, `sessionId`, `idempotencyKey`, the
 * tool-call id, the user's `id`, `tenantId` and `roles` — for type, length and characters: what passes can be
 * stored, logged and compared as it is. A bad name is `unknown_action`; any other bad field `invalid_args`, naming
 * the field (never echoing it).
 */
export const checkCall: Step = {
  name: 'call',
  run(state) {
    const problem = callProblem(state.call);
    if (problem) return fail(problem);
    state.callChecked = true;
    return NEXT;
  },
};

// Most calls repeat the same action name and user: the last good ones are remembered (the user by its object and
// the fields checked, so a changed field is checked again).
let lastName = '';
let lastUser: object | undefined;
let lastUserId: unknown;
let lastTenantId: unknown;
let lastRoles: unknown;

/** What is wrong with the call's own fields (not its arguments), or undefined. */
export function callProblem(call: RunCall): ActionError | undefined {
  const { name } = call;
  if (typeof name !== 'string' || name === '') {
    return actionError('unknown_action', 'the call has no action name', {
      hint: 'send the name of a registered action',
    });
  }
  if (name !== lastName) {
    const problem = textProblem(name, MAX_NAME_LENGTH);
    if (problem) {
      return actionError('unknown_action', `the action name ${problem}`, {
        hint: 'action names are letters, digits, `_`, `-` and `.`',
        details: { field: 'name' },
      });
    }
    lastName = name;
  }
  // Written out rather than looped over field names: this runs on every call. An empty session or tool-call id
  // means none, as it always has; an empty idempotency key is refused.
  const { sessionId, toolCallId, callId, idempotencyKey, user } = call;
  if (sessionId !== undefined && sessionId !== '') {
    const problem = idProblem(sessionId);
    if (problem) return fieldError('sessionId', problem);
  }
  if (toolCallId !== undefined && toolCallId !== '') {
    const problem = idProblem(toolCallId);
    if (problem) return fieldError('toolCallId', problem);
  }
  if (callId !== undefined && callId !== '') {
    const problem = idProblem(callId);
    if (problem) return fieldError('callId', problem);
  }
  if (idempotencyKey !== undefined) {
    const problem = idProblem(idempotencyKey);
    if (problem) return fieldError('idempotencyKey', problem);
  }
  return user === undefined ? undefined : userProblem(user);
}

function userProblem(user: unknown): ActionError | undefined {
  if (typeof user !== 'object' || user === null || Array.isArray(user))
    return fieldError('user', 'must be an object with a string `id`');
  const { id, tenantId, roles } = user as Record<string, unknown>;
  if (user === lastUser && id === lastUserId && tenantId === lastTenantId && roles === lastRoles)
    return undefined;
  const problem = checkUser(id, tenantId, roles);
  if (problem) return problem;
  lastUser = user;
  lastUserId = id;
  lastTenantId = tenantId;
  lastRoles = roles;
  return undefined;
}

function checkUser(id: unknown, tenantId: unknown, roles: unknown): ActionError | undefined {
  {
    const problem = idProblem(id);
    if (problem) return fieldError('user.id', problem);
  }
  if (tenantId !== undefined) {
    const problem = idProblem(tenantId);
    if (problem) return fieldError('user.tenantId', problem);
  }
  if (roles === undefined) return undefined;
  if (!Array.isArray(roles)) return fieldError('user.roles', 'must be an array of role names');
  for (const role of roles) {
    const problem = typeof role === 'string' ? textProblem(role, MAX_ROLE_LENGTH) : 'must be text';
    if (problem) return fieldError('user.roles', `has a role that ${problem}`);
  }
  return undefined;
}

function idProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `must be a string, not ${value === null ? 'null' : typeof value}`;
  return textProblem(value, MAX_CALL_ID_LENGTH);
}

function fieldError(field: string, problem: string): ActionError {
  return actionError('invalid_args', `the call's ${field} ${problem}`, {
    hint: `${field} is a field of the call, not an argument: send ${ID_RULE}`,
    details: { field },
  });
}
