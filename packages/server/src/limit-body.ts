import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestHeader } from './request-header.js';

/**
 * Refuse request bodies larger than `maxBytes` with `onTooLarge`. A declared `content-length` is checked without
 * touching the body, so @hono/node-server keeps reading it on its fast path; a chunked body is counted as it
 * streams (Hono's `bodyLimit`).
 */
export function limitBody(
  maxBytes: number,
  onTooLarge: (context: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return async (context, next) => {
    const method = context.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const length = requestHeader(context, 'content-length');
    if (length !== undefined && requestHeader(context, 'transfer-encoding') === undefined) {
      if (Number(length) > maxBytes) return onTooLarge(context);
      return next();
    }
    return streamed(context, next);
  };
}
