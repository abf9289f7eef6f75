import { ERROR_CODES, TOOL_FORMATS } from '@affordance/core';
import { APPROVAL_STATUSES } from '@affordance/core/ports';
import { SERVER_ERROR_STATUS } from '../server-error.js';
import type { JsonSchema } from './define-route.js';

/** A reference to one of the shared schemas below, as a route declares its body or response. */
export function schemaRef(name: keyof typeof COMPONENT_SCHEMAS): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

const anyObject = { type: 'object', additionalProperties: true } as const;
const text = { type: 'string' } as const;

const actionError = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: text,
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'array', items: { type: ['string', 'integer'] } },
          message: text,
          keyword: text,
        },
      },
    },
    hint: text,
    details: anyObject,
  },
} as const;

const runMeta = {
  callId: { type: 'string', description: "The server's id of the call: the key of its audit record." },
  toolCallId: { type: 'string', description: 'The tool-call id the caller sent, kept beside `callId`.' },
  name: { type: 'string', description: 'The qualified action name, or the name as sent when unknown.' },
  durationMs: { type: 'number' },
  repaired: { type: 'boolean' },
  replayed: { type: 'boolean', description: 'An idempotency key answered an earlier result.' },
  modelOutput: { type: 'string', description: 'The text a model reads back for this call.' },
} as const;

const user = {
  type: 'object',
  required: ['id'],
  properties: { id: text, name: text, roles: { type: 'array', items: text } },
} as const;

/** The schemas every route shares, published under `components.schemas`. */
export const COMPONENT_SCHEMAS = {
  ServerError: {
    type: 'object',
    description: 'Every error the server answers itself; a failed action is a RunResult instead.',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(SERVER_ERROR_STATUS) },
          message: text,
          hint: text,
        },
      },
    },
  },
  ActionError: actionError,
  RunResult: {
    description: "The pipeline's result: `ok: true` with the value, or `ok: false` with a typed error.",
    oneOf: [
      {
        type: 'object',
        required: ['ok', 'value', 'callId', 'name', 'durationMs', 'modelOutput'],
        properties: { ok: { const: true }, value: {}, message: text, ...runMeta },
      },
      {
        type: 'object',
        required: ['ok', 'error', 'callId', 'name', 'durationMs', 'modelOutput'],
        properties: { ok: { const: false }, error: { $ref: '#/components/schemas/ActionError' }, ...runMeta },
      },
    ],
  },
  RunRequest: {
    type: 'object',
    properties: {
      args: { description: "The action's arguments (the target id included, e.g. `blockId`)." },
      sessionId: { type: 'string', minLength: 1, maxLength: 256 },
      idempotencyKey: { type: 'string', minLength: 1, maxLength: 256 },
      toolCallId: {
        type: 'string',
        minLength: 1,
        maxLength: 256,
        description: "A model's or client's id for the call, kept beside the server's own `callId`.",
      },
      context: { ...anyObject, description: 'Shared app state handed to the action.' },
    },
  },
  AvailableAction: {
    type: 'object',
    required: ['name', 'title', 'description', 'available', 'inputSchema', 'readOnly', 'destructive'],
    properties: {
      name: text,
      title: text,
      description: text,
      scope: text,
      targetParam: {
        type: 'string',
        description: 'The input property that names the target (scoped actions).',
      },
      available: { type: 'boolean' },
      reason: { type: 'string', description: 'Why it cannot run here, when it cannot.' },
      score: { type: 'number' },
      relevant: { type: 'boolean', description: 'With `q`: whether the ranker finds it relevant.' },
      inputSchema: anyObject,
      roles: { type: 'array', items: text },
      readOnly: { type: 'boolean' },
      destructive: { type: 'boolean' },
    },
  },
  ToolSet: {
    type: 'object',
    required: ['format', 'tools', 'warnings'],
    properties: {
      format: { type: 'string', enum: [...TOOL_FORMATS] },
      tools: { type: 'array', items: anyObject },
      warnings: { type: 'array', items: anyObject },
    },
  },
  AuditRecord: {
    type: 'object',
    required: ['callId', 'name', 'outcome', 'startedAt', 'endedAt', 'durationMs', 'depth'],
    properties: {
      callId: text,
      toolCallId: text,
      parentCallId: text,
      sessionId: text,
      userId: text,
      tenantId: text,
      name: text,
      target: { type: 'object', required: ['type', 'id'], properties: { type: text, id: text } },
      args: { description: 'The arguments, with secret fields redacted.' },
      outcome: { type: 'string', enum: ['ok', 'error'] },
      errorCode: { type: 'string', enum: [...ERROR_CODES] },
      errorMessage: text,
      startedAt: { type: 'string', format: 'date-time' },
      endedAt: { type: 'string', format: 'date-time' },
      durationMs: { type: 'number' },
      depth: { type: 'integer' },
      repaired: { type: 'boolean' },
      replayed: { type: 'boolean' },
      approval: {
        description: 'For a call that waited for a person: the approval, who decided it and why.',
        type: 'object',
        required: ['id', 'decidedBy'],
        properties: { id: text, decidedBy: text, reason: text },
      },
    },
  },
  PendingApproval: {
    type: 'object',
    required: ['id', 'callId', 'name', 'args', 'context', 'requestedAt', 'status'],
    properties: {
      id: text,
      callId: text,
      name: text,
      args: anyObject,
      user,
      context: anyObject,
      sessionId: text,
      idempotencyKey: text,
      requestedAt: { type: 'string', format: 'date-time' },
      status: { type: 'string', enum: [...APPROVAL_STATUSES] },
      decidedBy: text,
      decidedAt: { type: 'string', format: 'date-time' },
      reason: text,
      leaseUntil: { type: 'string', format: 'date-time' },
      outcome: {
        type: 'object',
        required: ['ok'],
        properties: { ok: { type: 'boolean' }, errorCode: text, message: text },
      },
      history: {
        type: 'array',
        items: {
          type: 'object',
          required: ['status', 'at'],
          properties: {
            status: { type: 'string', enum: [...APPROVAL_STATUSES] },
            at: { type: 'string', format: 'date-time' },
            by: text,
            reason: text,
          },
        },
      },
    },
  },
} as const satisfies Record<string, JsonSchema>;
