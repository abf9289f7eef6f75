import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventStreams, StreamRefusal } from '../events/event-streams.js';
import type { ServerEvent } from '../events/server-event.js';
import { route } from '../openapi/define-route.js';
import type { RouteDeps, ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { seesApproval, visibilityOf } from '../visibility.js';

const texts = new WeakMap<ServerEvent, string>();
/** An event's JSON (one line: JSON.stringify escapes line breaks), made once however many streams send it. */
function serialized(event: ServerEvent): string {
  let text = texts.get(event);
  if (text === undefined) {
    text = JSON.stringify(event);
    texts.set(event, text);
  }
  return text;
}

function droppedData(queued: number): string {
  return JSON.stringify({
    type: 'stream-dropped',
    reason: `this reader fell ${queued} events behind; reconnect and reload the state you show`,
  });
}

function streamRefusal(refusal: StreamRefusal, limits: EventStreams['limits']): ServerError {
  return refusal.refused === 'user'
    ? new ServerError(
        'too_many_streams',
        `this user already has ${limits.maxPerUser} event streams open (the most per user)`,
        'close another tab or stream, or raise limits.eventStreamsPerUser in affordance.config.json',
      )
    : new ServerError(
        'too_many_streams',
        `the server already has ${limits.maxTotal} event streams open (the most in total)`,
        'try again later, or raise limits.eventStreams in affordance.config.json',
      );
}

/**
 * Mount `GET /api/events`: a Server-Sent Events stream of the registry's events (`change`, `call-start`,
 * `call-end`, `approval-requested`, `approval-decided`), starting with `ready`, so consoles see every call and
 * approval live: this process's, and with a store relay (Postgres LISTEN/NOTIFY) every other process's. The
 * subscription ends when the client goes away; a reader that falls `maxQueued` events behind gets a final
 * `stream-dropped` event, and a user past the per-user (or the server past the total) stream limit gets 429.
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
      'user without an auditor role sees only their own calls, and approvals as `GET /api/approvals` lists them. ' +
      'A reader that falls too far behind gets a final `stream-dropped` event and the stream ends (reconnect and ' +
      'reload); each user may hold a limited number of streams open (429 `too_many_streams` beyond).',
    tags: ['events'],
    responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
    errors: ['too_many_streams'],
    handler: (context) => {
      const user = context.get('user');
      const visibility = visibilityOf(user, deps);
      // Calls of this user in flight (when the user sees only their own): their ends are theirs too.
      const ownCalls = new Set<string>();
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
      let grace: ReturnType<typeof setTimeout> | undefined;
      const opened = deps.streams.open({
        userId: user.id,
        accept: visible,
        // A reader that never catches up is cut off after the grace period, freeing its connection.
        onDrop: () => {
          grace = setTimeout(() => context.env?.incoming?.socket?.destroy(), deps.streams.limits.dropGraceMs);
          grace.unref?.();
        },
      });
      if ('refused' in opened) throw streamRefusal(opened, deps.streams.limits);
      const subscription = opened;
      return streamSSE(context, async (stream) => {
        const close = () => subscription.close();
        stream.onAbort(close);
        context.req.raw.signal.addEventListener('abort', close, { once: true });
        try {
          await stream.writeSSE({
            event: 'ready',
            data: JSON.stringify({ type: 'ready', version: registry.version }),
          });
          for (;;) {
            const item = subscription.take();
            if (item === undefined) await subscription.wait();
            else if (item === 'closed') break;
            else if (item === 'ping') await stream.write(': keep-alive\n\n');
            else if (item === 'dropped') {
              await stream.writeSSE({ event: 'stream-dropped', data: droppedData(subscription.droppedWith) });
              break;
            } else {
              let text = '';
              for (const event of item) text += `event: ${event.type}\ndata: ${serialized(event)}\n\n`;
              await stream.write(text);
            }
          }
        } catch {
          // The client went away mid-write: nothing more to send.
        } finally {
          clearTimeout(grace);
          close();
        }
      });
    },
  });
}
