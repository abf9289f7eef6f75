import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The closed set of errors the server itself answers with (a failed action is a 200 with `ok: false` instead). */
export type ServerErrorCode =
  | 'invalid_json_body'
  | 'invalid_request'
  | 'payload_too_large'
  | 'unauthorized'
  | 'forbidden'
  | 'forbidden_host'
  | 'forbidden_origin'
  | 'unsupported_media_type'
  | 'too_many_streams'
  | 'not_found'
  | 'target_not_found'
  | 'unknown_approval'
  | 'approval_not_pending'
  | 'internal_error';

/** HTTP status of each server error; the `satisfies` clause keeps the table exhaustive. */
export const SERVER_ERROR_STATUS = {
  invalid_json_body: 400,
  invalid_request: 400,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  forbidden_host: 403,
  forbidden_origin: 403,
  unsupported_media_type: 415,
  too_many_streams: 429,
  not_found: 404,
  target_not_found: 404,
  unknown_approval: 404,
  approval_not_pending: 409,
  internal_error: 500,
} as const satisfies Record<ServerErrorCode, ContentfulStatusCode>;

/** The body of every error response: `{ error: { code, message, hint? } }`. */
export interface ServerErrorBody {
  readonly error: { readonly code: ServerErrorCode; readonly message: string; readonly hint?: string };
}

/** A request the server refuses; thrown inside routes and turned into a typed JSON response. */
export class ServerError extends Error {
  override readonly name = 'ServerError';
  constructor(
    readonly code: ServerErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Answer with the typed error body and the status of its code. */
export function errorResponse(context: Context, error: ServerError): Response {
  const body: ServerErrorBody = {
    error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) },
  };
  return context.json(body, SERVER_ERROR_STATUS[error.code]);
}
