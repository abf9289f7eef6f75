import { setMaxListeners } from 'node:events';
import type { Socket } from 'node:net';
import type { Context } from 'hono';
import type { ServerEnv } from './server-env.js';

const bySocket = new WeakMap<Socket, AbortSignal>();

/** Why a call is cancelled when its client goes away. */
export const CLIENT_CLOSED = 'the client closed the connection';

/**
 * An abort signal that fires when the request's client goes away. Over node:http/1.x it is one signal per
 * connection (a request cannot outlive its socket), made on the connection's first request, so a keep-alive
 * client does not cost an `AbortController` and a web `Request` per call; elsewhere (HTTP/2, `app.request`, other
 * runtimes) it is the request's own signal.
 */
export function clientSignal(context: Context<ServerEnv>): AbortSignal {
  const incoming = context.env?.incoming;
  const socket = incoming?.socket;
  if (!incoming || !socket || incoming.httpVersionMajor !== 1) return context.req.raw.signal;
  let signal = bySocket.get(socket);
  if (!signal) {
    const controller = new AbortController();
    signal = controller.signal;
    // Pipelined requests may each wait on the connection's signal at once.
    setMaxListeners(0, signal);
    bySocket.set(socket, signal);
    if (socket.destroyed) controller.abort(CLIENT_CLOSED);
    else socket.once('close', () => controller.abort(CLIENT_CLOSED));
  }
  return signal;
}
