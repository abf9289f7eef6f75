import type { ErrorCode } from './error-codes.js';

/** One problem found in the arguments or output, pointing at where it is. */
export interface Issue {
  /** JSON Pointer-like path segments to the offending value (`[]` for the root). */
  readonly path: ReadonlyArray<string | number>;
  /** What is wrong, in words a model can act on. */
  readonly message: string;
  /** The schema keyword that failed, when known (`pattern`, `required`, …). */
  readonly keyword?: string;
}

/** The error part of a failed call: data for the model and the UI, never thrown. */
export interface ActionError {
  readonly code: ErrorCode;
  /** How to fix the call, e.g. "color must match ^#[0-9a-f]{6}$; you sent 'red'". */
  readonly message: string;
  readonly issues?: readonly Issue[];
  /** A further suggestion, e.g. the nearest real action names. */
  readonly hint?: string;
  /** Machine-readable extras: `approvalId`, `retryAfterMs`, `suggestions`, … */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Build an `ActionError`, leaving out empty optional fields. */
export function actionError(
  code: ErrorCode,
  message: string,
  extra: { issues?: readonly Issue[]; hint?: string; details?: Record<string, unknown> } = {},
): ActionError {
  const error: { -readonly [K in keyof ActionError]: ActionError[K] } = { code, message };
  if (extra.issues && extra.issues.length > 0) error.issues = extra.issues;
  if (extra.hint) error.hint = extra.hint;
  if (extra.details && Object.keys(extra.details).length > 0) error.details = extra.details;
  return error;
}

// The family's base lives in its own file; it is re-exported here, where it was first defined.
export { AffordanceError } from './affordance-error.js';
