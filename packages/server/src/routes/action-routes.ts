import {
  type AvailableAction,
  type RankIntent,
  TOOL_FORMATS,
  type ToolFormat,
  toolInputSchema,
} from '@affordance/core';
import type { Hono } from 'hono';
import { clientSignal } from '../client-signal.js';
import { route } from '../openapi/define-route.js';
import { schemaRef } from '../openapi/schemas.js';
import { optionalInteger, optionalObject, optionalString, readJsonObject } from '../read-json-body.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { resolveTargetRef } from './resolve-target.js';

/** Mount `GET /api/actions`, `GET /api/tools` and `POST /api/actions/:name/run`. */
export function mountActionRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;

  const resolveTarget = (ref: string | undefined) =>
    resolveTargetRef(registry, ref, `there is no target ${ref}`);

  const targetQuery = {
    description: 'The target in view, `type:id` (e.g. `shape:shape-1`)',
    schema: { type: 'string', pattern: '^[^:]+:.+$' },
  };

  route(app, {
    method: 'get',
    path: '/api/actions',
    operationId: 'listActions',
    summary: 'What can I do here?',
    description:
      "The registry's actions for the caller, available ones first, each unavailable one with the reason.",
    tags: ['actions'],
    query: {
      target: targetQuery,
      q: queryText,
      intent: intentQuery('relevant'),
      limit: { description: 'At most this many', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      include: {
        description: '`available` leaves out what cannot run (default `all`)',
        schema: { type: 'string', enum: ['all', 'available'] },
      },
      session: { description: 'Session whose history decides prerequisites', schema: { type: 'string' } },
    },
    responses: {
      200: {
        description: 'The actions, with the resolved target',
        schema: {
          type: 'object',
          required: ['actions'],
          properties: {
            target: {
              type: 'object',
              required: ['type', 'id'],
              properties: { type: { type: 'string' }, id: { type: 'string' } },
            },
            actions: { type: 'array', items: schemaRef('AvailableAction') },
          },
        },
      },
    },
    errors: ['invalid_request', 'target_not_found'],
    handler: async (context) => {
      const query = context.req.query();
      const target = await resolveTarget(query.target);
      const include = query.include ?? 'all';
      if (include !== 'all' && include !== 'available') {
        throw new ServerError(
          'invalid_request',
          `\`include\` must be 'all' or 'available', not '${include}'`,
        );
      }
      const found = await registry.availableAsync({
        user: context.get('user'),
        include,
        ...(target ? { target } : {}),
        ...rankingOf(query),
        ...(query.session ? { sessionId: query.session } : {}),
      });
      return context.json({
        ...(target ? { target: { type: target.type, id: target.id } } : {}),
        actions: found.map((entry) => describeAvailable(entry, registry.targetParam)),
      });
    },
  });

  route(app, {
    method: 'get',
    path: '/api/tools',
    operationId: 'listTools',
    summary: "Tool definitions in one provider's format",
    tags: ['actions'],
    query: {
      format: {
        description: 'The provider format (default `openai`)',
        schema: { type: 'string', enum: [...TOOL_FORMATS] },
      },
      target: targetQuery,
      q: queryText,
      intent: intentQuery('top'),
      limit: {
        description: 'At most this many tools',
        schema: { type: 'integer', minimum: 1, maximum: 1000 },
      },
    },
    responses: {
      200: { description: 'The tools and any conversion warnings', schema: schemaRef('ToolSet') },
    },
    errors: ['invalid_request', 'target_not_found'],
    handler: async (context) => {
      const format = context.req.query('format') ?? 'openai';
      if (!(TOOL_FORMATS as readonly string[]).includes(format)) {
        throw new ServerError(
          'invalid_request',
          `unknown format '${format}'`,
          `use one of ${TOOL_FORMATS.join(', ')}`,
        );
      }
      const target = await resolveTarget(context.req.query('target'));
      const set = registry.toolSet({
        format: format as ToolFormat,
        user: context.get('user'),
        ...(target ? { target } : {}),
        ...rankingOf(context.req.query()),
      });
      return context.json({ format, tools: set.tools, warnings: set.warnings });
    },
  });

  route(app, {
    method: 'post',
    path: '/api/actions/:name/run',
    operationId: 'runAction',
    summary: 'Run one action through the pipeline',
    description:
      'A failed action is data: 200 with `ok: false`. Only a refusal of the caller is an HTTP error (403 keeps the RunResult body); a malformed call-level field (`sessionId`, `idempotencyKey`, `toolCallId`: 1 to 256 characters, no control characters, bidirectional overrides or lone surrogates) is a 400.',
    tags: ['actions'],
    params: { name: { description: 'The qualified action name', schema: { type: 'string' } } },
    body: { schema: schemaRef('RunRequest') },
    responses: {
      200: { description: "The pipeline's result", schema: schemaRef('RunResult') },
      403: {
        description: "The action's roles refuse the caller (`error.code: forbidden`)",
        schema: schemaRef('RunResult'),
      },
    },
    errors: ['invalid_json_body', 'invalid_request', 'payload_too_large'],
    handler: async (context) => {
      const body = await readJsonObject(context);
      const sessionId = optionalString(body, 'sessionId');
      const idempotencyKey = optionalString(body, 'idempotencyKey');
      const toolCallId = optionalString(body, 'toolCallId');
      const callContext = optionalObject(body, 'context');
      const result = await registry.run({
        name: context.req.param('name'),
        args: body.args ?? {},
        user: context.get('user'),
        signal: clientSignal(context),
        ...(sessionId ? { sessionId } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        ...(toolCallId ? { toolCallId } : {}),
        ...(callContext ? { context: callContext } : {}),
      });
      // A malformed call-level field (the pipeline refused it before anything ran, and audited that) is the
      // request's fault: 400.
      if (!result.ok && result.error.details?.field !== undefined) {
        throw new ServerError('invalid_request', result.error.message, result.error.hint);
      }
      // A failed action is data (200); only a refusal of the caller is an HTTP error.
      return context.json(result, !result.ok && result.error.code === 'forbidden' ? 403 : 200);
    },
  });
}

/** The longest `q` the routes rank by: a request, not a document (longer is a 400). */
export const MAX_QUERY_LENGTH = 2000;

const queryText = {
  description: `Rank by relevance to this text (at most ${MAX_QUERY_LENGTH} characters)`,
  schema: { type: 'string', maxLength: MAX_QUERY_LENGTH },
};

const intentQuery = (fallback: RankIntent) => ({
  description: `What \`q\` is for: \`top\` answers the best \`limit\` (recall first, each flagged \`relevant\`), \`relevant\` only what the ranker finds relevant (default \`${fallback}\`)`,
  schema: { type: 'string', enum: ['top', 'relevant'] },
});

/** The ranking a request asks for (`q`, `intent`, `limit`), checked, as the registry's options. */
function rankingOf(query: { q?: string; intent?: string; limit?: string }) {
  const limit = optionalInteger(query.limit, 'limit', 1000);
  const intent = intentOf(query.intent);
  const text = queryTextOf(query.q);
  return {
    ...(text ? { query: text } : {}),
    ...(intent ? { intent } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

function intentOf(value: string | undefined): RankIntent | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'top' || value === 'relevant') return value;
  throw new ServerError(
    'invalid_request',
    `\`intent\` must be 'top' or 'relevant', not '${value.slice(0, 40)}'`,
  );
}

function queryTextOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > MAX_QUERY_LENGTH) {
    throw new ServerError(
      'invalid_request',
      `\`q\` is ${value.length} characters; at most ${MAX_QUERY_LENGTH} are ranked`,
    );
  }
  return value.trim() || undefined;
}

/** The JSON form of one "what can I do here?" entry. */
export function describeAvailable(entry: AvailableAction, targetParam: string): Record<string, unknown> {
  const { action } = entry;
  return {
    name: entry.name,
    title: action.title ?? action.name,
    description: action.description,
    ...(action.scope ? { scope: action.scope, targetParam: action.targetParam ?? targetParam } : {}),
    available: entry.available,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    ...(entry.score !== undefined ? { score: entry.score } : {}),
    ...(entry.relevant !== undefined ? { relevant: entry.relevant } : {}),
    inputSchema: toolInputSchema(action, targetParam),
    ...(action.roles ? { roles: action.roles } : {}),
    readOnly: action.readOnly === true,
    destructive: action.destructive === true,
  };
}
