import {
  AffordanceError,
  type AvailableAction,
  type Target,
  TOOL_FORMATS,
  type ToolFormat,
  toolInputSchema,
} from '@affordance/core';
import type { Hono } from 'hono';
import { optionalInteger, optionalObject, optionalString, readJsonObject } from '../read-json-body.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';

/** Mount `GET /api/actions`, `GET /api/tools` and `POST /api/actions/:name/run`. */
export function mountActionRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;

  const resolveTarget = async (ref: string | undefined): Promise<Target | undefined> => {
    if (ref === undefined || ref === '') return undefined;
    let target: Target | undefined;
    try {
      target = await registry.resolveTarget(ref);
    } catch (error) {
      if (error instanceof AffordanceError) throw new ServerError('invalid_request', error.message);
      throw error;
    }
    if (!target)
      throw new ServerError('target_not_found', `there is no target ${ref}`, 'GET /api/targets lists them');
    return target;
  };

  app.get('/api/actions', async (context) => {
    const query = context.req.query();
    const target = await resolveTarget(query.target);
    const include = query.include ?? 'all';
    if (include !== 'all' && include !== 'available') {
      throw new ServerError('invalid_request', `\`include\` must be 'all' or 'available', not '${include}'`);
    }
    const limit = optionalInteger(query.limit, 'limit', 1000);
    const found = await registry.availableAsync({
      user: context.get('user'),
      include,
      ...(target ? { target } : {}),
      ...(query.q ? { query: query.q } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(query.session ? { sessionId: query.session } : {}),
    });
    return context.json({
      ...(target ? { target: { type: target.type, id: target.id } } : {}),
      actions: found.map((entry) => describeAvailable(entry, registry.targetParam)),
    });
  });

  app.get('/api/tools', async (context) => {
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
    });
    return context.json({ format, tools: set.tools, warnings: set.warnings });
  });

  app.post('/api/actions/:name/run', async (context) => {
    const body = await readJsonObject(context);
    const sessionId = optionalString(body, 'sessionId');
    const idempotencyKey = optionalString(body, 'idempotencyKey');
    const callContext = optionalObject(body, 'context');
    const result = await registry.run({
      name: context.req.param('name'),
      args: body.args ?? {},
      user: context.get('user'),
      signal: context.req.raw.signal,
      ...(sessionId ? { sessionId } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(callContext ? { context: callContext } : {}),
    });
    // A failed action is data (200); only a refusal of the caller is an HTTP error.
    return context.json(result, !result.ok && result.error.code === 'forbidden' ? 403 : 200);
  });
}

/** The JSON form of one "what can I do here?" entry. */
export function describeAvailable(entry: AvailableAction, targetParam: string): Record<string, unknown> {
  const { action } = entry;
  return {
    name: entry.name,
    title: action.title ?? action.name,
    description: action.description,
    ...(action.scope ? { scope: action.scope } : {}),
    available: entry.available,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    ...(entry.score !== undefined ? { score: entry.score } : {}),
    inputSchema: toolInputSchema(action, targetParam),
    ...(action.roles ? { roles: action.roles } : {}),
    readOnly: action.readOnly === true,
    destructive: action.destructive === true,
  };
}
