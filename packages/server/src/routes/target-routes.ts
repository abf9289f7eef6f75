import type { Hono } from 'hono';
import type { RouteDeps, ServerEnv } from '../server-env.js';

/** Mount `GET /api/targets`: every target the registry's resolver lists, with its state. */
export function mountTargetRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  app.get('/api/targets', async (context) => {
    const targets = deps.registry.targets;
    if (!targets?.list) return context.json({ listable: false, targets: [] });
    return context.json({ listable: true, targets: await targets.list() });
  });
}
