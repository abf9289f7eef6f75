import type { Registry } from '@affordance/core';
import type { Context, Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import type { ServerEnv } from '../server-env.js';

/**
 * Mount `GET /api/health`: whether the server answers, how many actions it has, and — only to a caller `trusted`
 * says is signed in — where its data lives.
 */
export function mountHealthRoute(
  app: Hono<ServerEnv>,
  options: {
    readonly registry: Registry;
    readonly storage: string;
    readonly model?: string | undefined;
    readonly trusted: (context: Context<ServerEnv>) => boolean;
  },
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
        description:
          'The action count, registry version and configured model; `storage` (where the data lives) only for a caller with an API key, or on this machine when the server has none',
        schema: {
          type: 'object',
          required: ['ok', 'actions', 'version'],
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
        ...(options.trusted(context) ? { storage: options.storage } : {}),
        ...(options.model ? { model: options.model } : {}),
      }),
  });
}
