import { corsHeaders, createRequestGuard, type RequestGuardPolicy } from '@affordance/mcp';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { requestHeader } from './request-header.js';
import type { ServerEnv } from './server-env.js';
import { errorResponse, ServerError } from './server-error.js';

/**
 * The server's cross-site and DNS-rebinding guard on every route (`/mcp` included), with `@affordance/mcp`'s
 * `createRequestGuard`: a refused request is answered with its typed error (403 `forbidden_host` or
 * `forbidden_origin`, 415 `unsupported_media_type`) before any route runs; a preflight from an allowed origin
 * gets 204 and CORS headers, and so do the answers to it. Each refusal is logged at `warn` with its code, Host and
 * Origin.
 */
export function guardRequests(policy: RequestGuardPolicy, logger?: Logger): MiddlewareHandler<ServerEnv> {
  const guard = createRequestGuard(policy);
  return async (context, next) => {
    // Served by Node, node:http's parsed headers (no web `Headers` built per request); else the web request's.
    const incoming = context.env?.incoming;
    const verdict = incoming
      ? guard({ method: context.req.method, headers: incoming.headers })
      : guard({ method: context.req.method, headers: context.req.raw.headers, url: context.req.raw.url });
    if (verdict.kind === 'refuse') {
      const { refusal } = verdict;
      // An operator whose console is refused (a proxy's name not yet allowed) finds the reason in the log.
      logger?.warn(
        {
          code: refusal.code,
          method: context.req.method,
          path: context.req.path,
          host: requestHeader(context, 'host'),
          origin: requestHeader(context, 'origin'),
        },
        'request refused by the cross-site guard',
      );
      return errorResponse(context, new ServerError(refusal.code, refusal.message, refusal.hint));
    }
    if (verdict.kind === 'preflight') return context.body(null, 204, corsHeaders(verdict.corsOrigin, true));
    await next();
    if (verdict.corsOrigin === undefined) return;
    const headers = new Headers(context.res.headers);
    for (const [name, value] of Object.entries(corsHeaders(verdict.corsOrigin))) headers.set(name, value);
    const { body, status, statusText } = context.res;
    context.res = new Response(body, { status, statusText, headers });
  };
}
