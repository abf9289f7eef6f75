/**
 * The closed table of error codes a call can end with. Adding a code here fails to compile until every
 * `Record<ErrorCode, …>` mapping (HTTP status, MCP, retry hints) handles it.
 */
export type ErrorCode =
  | 'unknown_action'
  | 'invalid_json'
  | 'invalid_args'
  | 'target_not_found'
  | 'target_mismatch'
  | 'forbidden'
  | 'unavailable'
  | 'prerequisite_missing'
  | 'rate_limited'
  | 'approval_required'
  | 'approval_denied'
  | 'input_required'
  | 'timeout'
  | 'aborted'
  | 'handler_error'
  | 'invalid_output'
  | 'duplicate';

/** Facts about one error code, as the code tables hold them. */
export interface ErrorCodeInfo {
  /** HTTP status a server answers with when the call itself is the request. */
  readonly httpStatus: number;
  /** Whether the same call may succeed if simply sent again later. */
  readonly retryable: boolean;
  /** Whether the model can fix the call by changing its arguments. */
  readonly fixableByModel: boolean;
  /** One line describing the code, for docs and OpenAPI. */
  readonly summary: string;
}

/** Facts about every error code; the `satisfies` clause makes this table exhaustive. */
export const errorCodes = {
  unknown_action: {
    httpStatus: 404,
    retryable: false,
    fixableByModel: true,
    summary: 'No action has this name.',
  },
  invalid_json: {
    httpStatus: 400,
    retryable: false,
    fixableByModel: true,
    summary: 'The arguments are not JSON.',
  },
  invalid_args: {
    httpStatus: 422,
    retryable: false,
    fixableByModel: true,
    summary: 'The arguments do not match the schema.',
  },
  target_not_found: {
    httpStatus: 404,
    retryable: false,
    fixableByModel: true,
    summary: 'No target has this id.',
  },
  target_mismatch: {
    httpStatus: 422,
    retryable: false,
    fixableByModel: true,
    summary: 'The target is of another type.',
  },
  forbidden: {
    httpStatus: 403,
    retryable: false,
    fixableByModel: false,
    summary: 'The user may not run this action.',
  },
  unavailable: {
    httpStatus: 409,
    retryable: false,
    fixableByModel: false,
    summary: "The action's `when` condition said no.",
  },
  prerequisite_missing: {
    httpStatus: 409,
    retryable: false,
    fixableByModel: true,
    summary: 'A required earlier action has not succeeded in this session.',
  },
  rate_limited: {
    httpStatus: 429,
    retryable: true,
    fixableByModel: false,
    summary: 'Too many calls in the time window.',
  },
  approval_required: {
    httpStatus: 202,
    retryable: false,
    fixableByModel: false,
    summary: 'The call waits for a person to approve it.',
  },
  input_required: {
    httpStatus: 202,
    retryable: false,
    fixableByModel: false,
    summary: 'The call asked a person for input (`ctx.ask`) and waits for the answer.',
  },
  approval_denied: {
    httpStatus: 403,
    retryable: false,
    fixableByModel: false,
    summary: 'A person denied the call.',
  },
  timeout: {
    httpStatus: 504,
    retryable: true,
    fixableByModel: false,
    summary: 'The handler ran past its time limit.',
  },
  aborted: { httpStatus: 499, retryable: true, fixableByModel: false, summary: 'The call was cancelled.' },
  handler_error: {
    httpStatus: 500,
    retryable: false,
    fixableByModel: false,
    summary: 'The handler threw an error.',
  },
  invalid_output: {
    httpStatus: 500,
    retryable: false,
    fixableByModel: false,
    summary: "The handler's result does not match the output schema.",
  },
  duplicate: {
    httpStatus: 409,
    retryable: true,
    fixableByModel: false,
    summary: 'The idempotency key is in use by another call.',
  },
} as const satisfies Record<ErrorCode, ErrorCodeInfo>;

/** Every error code, in table order. */
export const ERROR_CODES = Object.keys(errorCodes) as ErrorCode[];

/** Whether a string is one of the closed set of error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

/**
 * The codes of the errors the kernel itself throws (`AffordanceError`): a bad definition or option, or a broken
 * protocol. They are never the code of a call's result.
 */
export type KernelErrorCode =
  | 'invalid_definition'
  | 'duplicate_action'
  | 'invalid_schema'
  | 'unsafe_pattern'
  | 'approval_not_pending'
  | 'unknown_approval'
  | 'invalid_option'
  | 'invalid_stream'
  | 'not_loaded';

/** Facts about every kernel error code, the same kind as `errorCodes`; the `satisfies` clause keeps it exhaustive. */
export const kernelErrorCodes = {
  invalid_definition: {
    httpStatus: 500,
    retryable: false,
    fixableByModel: false,
    summary: 'An action definition is malformed.',
  },
  duplicate_action: {
    httpStatus: 500,
    retryable: false,
    fixableByModel: false,
    summary: 'Two actions have the same name.',
  },
  invalid_schema: {
    httpStatus: 500,
    retryable: false,
    fixableByModel: false,
    summary: 'A schema cannot be compiled.',
  },
  unsafe_pattern: {
    httpStatus: 500,
    retryable: false,
    fixableByModel: false,
    summary: 'A schema pattern could take exponential time.',
  },
  approval_not_pending: {
    httpStatus: 409,
    retryable: false,
    fixableByModel: false,
    summary: 'The approval was already decided.',
  },
  unknown_approval: {
    httpStatus: 404,
    retryable: false,
    fixableByModel: false,
    summary: 'No approval has this id.',
  },
  invalid_option: {
    httpStatus: 400,
    retryable: false,
    fixableByModel: false,
    summary: 'An option has a value it cannot take.',
  },
  invalid_stream: {
    httpStatus: 400,
    retryable: false,
    fixableByModel: false,
    summary: 'A stream broke its protocol.',
  },
  not_loaded: {
    httpStatus: 503,
    retryable: true,
    fixableByModel: false,
    summary: 'Code a schema needs (format checks) is still loading; browser bundles load it on first use.',
  },
} as const satisfies Record<KernelErrorCode, ErrorCodeInfo>;
