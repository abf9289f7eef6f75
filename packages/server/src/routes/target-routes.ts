import type { Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';

/** Mount `GET /api/targets`: every target the registry's resolver lists, with its state. */
export function mountTargetRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  route(app, {
    method: 'get',
    path: '/api/targets',
    operationId: 'listTargets',
    summary: 'The targets actions act on, with their state',
    tags: ['targets'],
    responses: {
      200: {
        description: '`listable: false` when the resolver cannot list its targets',
        schema: {
          type: 'object',
          required: ['listable', 'targets'],
          properties: {
            listable: { type: 'boolean' },
            targets: {
              type: 'array',
              items: {
                type: 'object',
                required: ['type', 'id'],
                properties: { type: { type: 'string' }, id: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    handler: async (context) => {
      const targets = deps.registry.targets;
      if (!targets?.list) return context.json({ listable: false, targets: [] });
      return context.json({ listable: true, targets: await targets.list() });
    },
  });
}
