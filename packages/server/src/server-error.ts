import {
  AffordanceError,
  type ErrorCode,
  type ErrorCodeInfo,
  errorCodes,
  type KernelErrorCode,
  kernelErrorCodes,
} from '@affordance/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Codes only the server answers with; the codes it shares with core keep core's facts. */
export type ServerOnlyErrorCode =
  | 'invalid_json_body'
  | 'invalid_request'
  | 'payload_too_large'
  | 'unauthorized'
  | 'forbidden_host'
  | 'forbidden_origin'
  | 'unsupported_media_type'
  | 'too_many_streams'
  | 'not_found'
  | 'internal_error';

/** The core codes the server also answers with (a call code, or a kernel error the server passes on). */
type SharedErrorCode = Extract<
  ErrorCode | KernelErrorCode,
  'forbidden' | 'target_not_found' | 'unknown_approval' | 'approval_not_pending'
>;

/** The closed set of errors the server itself answers with (a failed action is a 200 with `ok: false` instead). */
export type ServerErrorCode = ServerOnlyErrorCode | SharedErrorCode;

/**
 * Facts about the server-only codes, the same kind as core's `errorCodes`; the `satisfies` clause keeps the table
 * exhaustive, and a code core already has cannot be added here.
 */
export const serverErrorCodes = {
  invalid_json_body: {
    httpStatus: 400,
    retryable: false,
    fixableByModel: false,
    summary: 'The body is not JSON.',
  },
  invalid_request: {
    httpStatus: 400,
    retryable: false,
    fixableByModel: false,
    summary: 'The request is malformed.',
  },
  payload_too_large: {
    httpStatus: 413,
    retryable: false,
    fixableByModel: false,
    summary: 'The body is larger than the server accepts.',
  },
  unauthorized: {
    httpStatus: 401,
    retryable: false,
    fixableByModel: false,
    summary: 'No valid API key was sent.',
  },
  forbidden_host: {
    httpStatus: 403,
    retryable: false,
    fixableByModel: false,
    summary: 'The Host header is not an allowed host.',
  },
  forbidden_origin: {
    httpStatus: 403,
    retryable: false,
    fixableByModel: false,
    summary: 'The Origin header is not an allowed origin.',
  },
  unsupported_media_type: {
    httpStatus: 415,
    retryable: false,
    fixableByModel: false,
    summary: 'The body is not application/json.',
  },
  too_many_streams: {
    httpStatus: 429,
    retryable: true,
    fixableByModel: false,
    summary: 'Too many event streams are open.',
  },
  not_found: { httpStatus: 404, retryable: false, fixableByModel: false, summary: 'No route has this path.' },
  internal_error: {
    httpStatus: 500,
    retryable: true,
    fixableByModel: false,
    summary: 'The server failed to answer.',
  },
} as const satisfies Record<ServerOnlyErrorCode, ErrorCodeInfo> &
  Partial<Record<ErrorCode | KernelErrorCode, never>>;

/** HTTP status of each server error: core's table for the codes it shares, the server's own for the rest. */
export const SERVER_ERROR_STATUS = {
  ...statusesOf(serverErrorCodes),
  forbidden: errorCodes.forbidden.httpStatus,
  target_not_found: errorCodes.target_not_found.httpStatus,
  unknown_approval: kernelErrorCodes.unknown_approval.httpStatus,
  approval_not_pending: kernelErrorCodes.approval_not_pending.httpStatus,
} as const satisfies Record<ServerErrorCode, ContentfulStatusCode>;

function statusesOf<TCode extends string, TStatus extends number>(
  table: Readonly<Record<TCode, { readonly httpStatus: TStatus }>>,
): { readonly [K in TCode]: TStatus } {
  const statuses = {} as Record<TCode, TStatus>;
  for (const code of Object.keys(table) as TCode[]) statuses[code] = table[code].httpStatus;
  return statuses;
}

/** The body of every error response: `{ error: { code, message, hint? } }`. */
export interface ServerErrorBody {
  readonly error: { readonly code: ServerErrorCode; readonly message: string; readonly hint?: string };
}

/** A request the server refuses; thrown inside routes and turned into a typed JSON response. */
export class ServerError extends AffordanceError<ServerErrorCode> {
  static override readonly errorName = 'ServerError';
  constructor(
    code: ServerErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(code, message);
  }
}

/** Answer with the typed error body and the status of its code. */
export function errorResponse(context: Context, error: ServerError): Response {
  const body: ServerErrorBody = {
    error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) },
  };
  return context.json(body, SERVER_ERROR_STATUS[error.code]);
}
