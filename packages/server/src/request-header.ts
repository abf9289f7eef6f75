import type { Context } from 'hono';
import type { ServerEnv } from './server-env.js';

/**
 * One request header (`name` in lower case). Served by Node it is read from node:http's parsed headers, which
 * spares @hono/node-server building a web `Headers` for the request; elsewhere from the web `Request`.
 */
export function requestHeader(context: Context, name: string): string | undefined {
  const incoming = (context.env as ServerEnv['Bindings'] | undefined)?.incoming;
  if (!incoming) return context.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
