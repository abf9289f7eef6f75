import type { Issue } from './action-error.js';
import { AffordanceError } from './affordance-error.js';
import type { ErrorCode } from './error-codes.js';

/**
 * Thrown by a handler to fail with a chosen code and a fix-it message (e.g. a domain rule the schema cannot
 * express); any other thrown error becomes `handler_error`.
 */
export class ActionFailure extends AffordanceError<ErrorCode> {
  static override readonly errorName = 'ActionFailure';
  constructor(
    code: ErrorCode,
    message: string,
    readonly extra: {
      readonly issues?: readonly Issue[];
      readonly hint?: string;
      readonly details?: Record<string, unknown>;
    } = {},
  ) {
    super(code, message);
  }
}
