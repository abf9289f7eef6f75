import type { Env, Hono } from 'hono';
import { documentedRoutes, route } from './define-route.js';
import { type OpenAPIDocument, type OpenAPIInfo, openAPIDocument } from './openapi-document.js';

/**
 * Mount `GET /api/openapi.json`: the OpenAPI 3.1 document of every route mounted through `route`, built on the
 * first request (so routes mounted after this one are in it) and kept.
 */
export function mountOpenAPIRoute<TEnv extends Env>(app: Hono<TEnv>, info: OpenAPIInfo): void {
  let document: OpenAPIDocument | undefined;
  route(app, {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenAPIDocument',
    summary: 'This OpenAPI document',
    tags: ['meta'],
    responses: {
      200: { description: 'The OpenAPI 3.1 document of this server', schema: { type: 'object' } },
    },
    handler: (context) => {
      document ??= openAPIDocument(documentedRoutes(app), info);
      return context.json(document);
    },
  });
}
