import type { Registry } from '@affordance/core';
import type { Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import type { ServerEnv } from '../server-env.js';

/** Mount `GET /api/health`: whether the server answers, how many actions it has, and where its data lives. */
export function mountHealthRoute(
  app: Hono<ServerEnv>,
  options: { readonly registry: Registry; readonly storage: string; readonly model?: string | undefined },
): void {
  route(app, {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Whether the server answers',
    tags: ['meta'],
    authenticated: false,
    responses: {
      200: {
        description: 'The action count, registry version, storage and configured model',
        schema: {
          type: 'object',
          required: ['ok', 'actions', 'version', 'storage'],
          properties: {
            ok: { const: true },
            actions: { type: 'integer' },
            version: { type: 'integer' },
            storage: { type: 'string' },
            model: { type: 'string' },
          },
        },
      },
    },
    handler: (context) =>
      context.json({
        ok: true,
        actions: options.registry.names().length,
        version: options.registry.version,
        storage: options.storage,
        ...(options.model ? { model: options.model } : {}),
      }),
  });
}
