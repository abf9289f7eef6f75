import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServerEvent } from '../events/server-event.js';
import { route } from '../openapi/define-route.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { seesApproval, visibilityOf } from '../visibility.js';

/** How often a comment line keeps idle event streams open through proxies (ms). */
const HEARTBEAT_MS = 15_000;

/**
 * Mount `GET /api/events`: a Server-Sent Events stream of the registry's events (`change`, `call-start`,
 * `call-end`, `approval-requested`, `approval-decided`), starting with `ready`, so consoles see every call and
 * approval live: this process's, and with a store relay (Postgres LISTEN/NOTIFY) every other process's. The
 * subscription ends when the client goes away.
 */
export function mountEventRoutes(app: Hono<ServerEnv>, deps: RouteDeps): void {
  const { registry } = deps;
  route(app, {
    method: 'get',
    path: '/api/events',
    operationId: 'streamEvents',
    summary: "A live stream of the registry's events",
    description:
      'Server-Sent Events: `ready`, then `change`, `call-start`, `call-end`, `approval-requested` and ' +
      '`approval-decided` as they happen in this process, and in every process on the same Postgres server (relayed with LISTEN/NOTIFY); each `data` is the event as JSON. With API keys, a ' +
      'user without an auditor role sees only their own calls, and approvals as `GET /api/approvals` lists them.',
    tags: ['events'],
    responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
    handler: (context) =>
      streamSSE(context, async (stream) => {
        const queue: ServerEvent[] = [];
        let wake: (() => void) | undefined;
        const user = context.get('user');
        const visibility = visibilityOf(user, deps);
        // Calls of this user in flight (when the user sees only their own): their ends are theirs too.
        const ownCalls = new Set<string>();
        const push = (event: ServerEvent) => {
          if (!visible(event)) return;
          queue.push(event);
          wake?.();
        };
        const visible = (event: ServerEvent): boolean => {
          switch (event.type) {
            case 'ready':
            case 'change':
              return true;
            case 'call-start':
              if (!visibility.allCalls && event.userId !== user.id) return false;
              if (!visibility.allCalls) ownCalls.add(event.callId);
              return true;
            case 'call-end':
              return visibility.allCalls || ownCalls.delete(event.callId);
            case 'approval-requested':
            case 'approval-decided':
              return seesApproval(visibility, event.approval);
            default: {
              const never: never = event;
              return never;
            }
          }
        };
        const unsubscribe = deps.events.subscribe(push);
        let closed = false;
        const close = () => {
          if (closed) return;
          closed = true;
          unsubscribe();
          wake?.();
        };
        stream.onAbort(close);
        context.req.raw.signal.addEventListener('abort', close, { once: true });
        const heartbeat = setInterval(() => {
          queue.length === 0 && void stream.write(': keep-alive\n\n');
        }, HEARTBEAT_MS);
        try {
          await stream.writeSSE({
            event: 'ready',
            data: JSON.stringify({ type: 'ready', version: registry.version }),
          });
          while (!closed) {
            const event = queue.shift();
            if (event) {
              await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
              continue;
            }
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
          }
        } finally {
          clearInterval(heartbeat);
          close();
        }
      }),
  });
}
