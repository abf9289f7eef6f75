import type { AvailableAction, Registry, Target, User } from '@affordance/core';
import { suggestNext } from '@affordance/core/ranking';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { ModelSource } from '../agui/resolve-model.js';
import { modelResolver } from '../agui/resolve-model.js';
import { clientSignal } from '../client-signal.js';
import { route } from '../openapi/define-route.js';
import { schemaRef } from '../openapi/schemas.js';
import { optionalInteger } from '../read-json-body.js';
import type { ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { describeAvailable, MAX_QUERY_LENGTH } from './action-routes.js';
import { resolveTargetRef } from './resolve-target.js';
import { callBudget, promptCache } from './suggestion-limits.js';
import { modelPrompts, type PromptAction, rulePrompts, type SuggestedPrompt } from './suggestion-prompts.js';

/** Options of the suggestions: whether the model writes the prompts, and how often it may. */
export interface SuggestionOptions {
  /** Let the configured model write the next prompts (default true when the server has a model). */
  readonly model?: boolean;
  /** Model calls per user per minute (default 20); beyond, the prompts are the deterministic ones. */
  readonly modelCallsPerMinute?: number;
  /** How long a model call may take before the deterministic prompts answer (default 4000 ms). */
  readonly modelTimeoutMs?: number;
}

/** What the suggestions route needs. */
export interface SuggestionRouteDeps {
  readonly registry: Registry;
  readonly logger: Logger;
  readonly model: ModelSource | undefined;
  readonly options?: SuggestionOptions | undefined;
}

/** Why model prompts were not used although a model is configured. */
type Fallback = 'model_failed' | 'model_answer_invalid' | 'rate_limited';

/** Mount `GET /api/suggestions`: next actions and next prompts for the target in view. */
export function mountSuggestionRoutes(app: Hono<ServerEnv>, deps: SuggestionRouteDeps): void {
  const { registry, logger } = deps;
  const options = deps.options ?? {};
  const model = deps.model !== undefined && options.model !== false ? modelResolver(deps.model) : undefined;
  const budget = callBudget(options.modelCallsPerMinute ?? 20);
  const cache = promptCache();

  route(app, {
    method: 'get',
    path: '/api/suggestions',
    operationId: 'listSuggestions',
    summary: 'What to do next here',
    description:
      'Actions to offer next for the target (after `after` succeeded: its `next` and what it unlocked, then the best of what is available), and next prompts grounded in them. Only actions the caller can run now are listed. With a model configured, the model writes the prompts from that list; an answer naming any other action, or with links or hidden characters, is dropped, and a failed, slow or rate-limited model call falls back to the deterministic prompts.',
    tags: ['actions'],
    query: {
      target: {
        description: 'The target in view, `type:id`',
        schema: { type: 'string', pattern: '^[^:]+:.+$' },
      },
      after: { description: 'The action that just succeeded', schema: { type: 'string' } },
      q: {
        description: 'What the user asked for, to rank by',
        schema: { type: 'string', maxLength: MAX_QUERY_LENGTH },
      },
      limit: {
        description: 'At most this many (default 4)',
        schema: { type: 'integer', minimum: 1, maximum: 12 },
      },
    },
    responses: { 200: { description: 'Next actions and prompts', schema: SUGGESTIONS_SCHEMA } },
    errors: ['invalid_request', 'target_not_found'],
    handler: async (context) => {
      const query = context.req.query();
      const user = context.get('user');
      const target = await resolveTargetRef(registry, query.target);
      const limit = optionalInteger(query.limit, 'limit', 12) ?? 4;
      if (query.q !== undefined && query.q.length > MAX_QUERY_LENGTH)
        throw new ServerError('invalid_request', `\`q\` is longer than ${MAX_QUERY_LENGTH} characters`);
      const text = query.q?.trim() || undefined;
      const after = query.after || undefined;
      const actions = await nextActions({ registry, user, target, after, query: text, limit });
      const grounded: PromptAction[] = actions.map(({ entry }) => ({
        name: entry.name,
        title: entry.action.title ?? entry.action.name,
        description: entry.action.description,
      }));
      let prompts: SuggestedPrompt[] = rulePrompts(grounded, target);
      let source: 'model' | 'rules' = 'rules';
      let fallback: Fallback | undefined;
      const resolved = model && grounded.length > 0 ? await model() : undefined;
      const key = JSON.stringify([
        user.id,
        target?.type,
        target?.id,
        after,
        grounded.map((action) => action.name),
      ]);
      const cached = resolved?.ok ? cache.get(key) : undefined;
      if (cached) {
        prompts = cached;
        source = 'model';
      } else if (resolved?.ok) {
        if (!budget.take(user.id)) fallback = 'rate_limited';
        else {
          try {
            const signal = AbortSignal.any([
              clientSignal(context),
              AbortSignal.timeout(options.modelTimeoutMs ?? 4000),
            ]);
            const written = await modelPrompts({
              model: resolved.model,
              actions: grounded,
              target,
              after,
              count: limit,
              signal,
            });
            if (written.length > 0) {
              prompts = written;
              source = 'model';
              cache.set(key, written);
            } else fallback = 'model_answer_invalid';
          } catch (error) {
            logger.warn({ err: error }, 'suggestions: the model call failed');
            fallback = 'model_failed';
          }
        }
      }
      return context.json({
        ...(target ? { target: { type: target.type, id: target.id } } : {}),
        ...(after ? { after } : {}),
        actions: actions.map(({ entry, source: from }) => ({
          ...describeAvailable(entry, registry.targetParam),
          source: from,
        })),
        prompts,
        source,
        ...(fallback ? { fallback } : {}),
      });
    },
  });
}

interface NextAction {
  readonly entry: AvailableAction;
  readonly source: 'next' | 'unlocked' | 'available';
}

/** `suggestNext` after `after` (available only), then the best available actions, up to `limit`. */
async function nextActions(options: {
  readonly registry: Registry;
  readonly user: User;
  readonly target: Target | undefined;
  readonly after: string | undefined;
  readonly query: string | undefined;
  readonly limit: number;
}): Promise<NextAction[]> {
  const { registry, user, target, after, query, limit } = options;
  const filters = { user, ...(target ? { target } : {}), ...(query ? { query } : {}) };
  const found: NextAction[] = [];
  if (after) {
    if (!registry.get(after))
      throw new ServerError('invalid_request', `\`after\` names no action`, 'GET /api/actions lists them');
    for (const suggestion of suggestNext({ registry, after, limit, include: 'available', ...filters })) {
      found.push({
        entry: { name: suggestion.name, action: suggestion.action, available: true },
        source: suggestion.source,
      });
    }
  }
  if (found.length < limit) {
    const listed = new Set(found.map(({ entry }) => entry.name));
    const available = await registry.availableAsync({ ...filters, include: 'available', limit: limit * 2 });
    for (const entry of available) {
      // Without a target, scoped actions need one: they are offered once a target is in view.
      if (listed.has(entry.name) || (!target && entry.action.scope)) continue;
      if (target && entry.action.scope && entry.action.scope !== target.type) continue;
      found.push({ entry, source: 'available' });
      if (found.length === limit) break;
    }
  }
  return found;
}

const SUGGESTIONS_SCHEMA = {
  type: 'object',
  required: ['actions', 'prompts', 'source'],
  properties: {
    target: {
      type: 'object',
      required: ['type', 'id'],
      properties: { type: { type: 'string' }, id: { type: 'string' } },
    },
    after: { type: 'string' },
    actions: {
      type: 'array',
      items: {
        allOf: [
          schemaRef('AvailableAction'),
          {
            type: 'object',
            required: ['source'],
            properties: { source: { type: 'string', enum: ['next', 'unlocked', 'available'] } },
          },
        ],
      },
    },
    prompts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['text', 'action'],
        properties: { text: { type: 'string' }, action: { type: 'string' } },
      },
    },
    source: { type: 'string', enum: ['model', 'rules'] },
    fallback: { type: 'string', enum: ['model_failed', 'model_answer_invalid', 'rate_limited'] },
  },
};
