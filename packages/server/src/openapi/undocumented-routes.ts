import type { OpenAPIDocument } from './openapi-document.js';
import { openAPIPath } from './openapi-document.js';

/** One route as Hono lists it in `app.routes`. */
export interface MountedRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * The routes an app mounts that its OpenAPI document leaves out, as `METHOD /path`. Middleware and catch-alls
 * (paths with `*`) are not routes; a route mounted for every method (`ALL`) counts as documented under any method.
 */
export function undocumentedRoutes(
  routes: readonly MountedRoute[],
  document: Pick<OpenAPIDocument, 'paths'>,
): string[] {
  const missing = new Set<string>();
  for (const mounted of routes) {
    if (mounted.path.includes('*')) continue;
    const item = document.paths[openAPIPath(mounted.path)];
    const method = mounted.method.toLowerCase();
    const documented = method === 'all' ? item !== undefined && Object.keys(item).length > 0 : item?.[method];
    if (!documented) missing.add(`${mounted.method} ${mounted.path}`);
  }
  return [...missing];
}
