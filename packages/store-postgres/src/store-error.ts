import { AffordanceError } from '@affordance/core';

/** What went wrong in a store: a bad option, an unknown row, a taken id, a schema this code cannot use. */
export type StoreErrorKind =
  | 'invalid_option'
  | 'invalid_input'
  | 'not_found'
  | 'exists'
  | 'type_change'
  | 'schema_ahead'
  | 'migration_changed'
  | 'closed'
  | 'contention'
  | 'locked';

/** The one error type of `@affordance/store-postgres`; `code` says which rule was broken. */
export class StoreError extends AffordanceError<StoreErrorKind> {
  static override readonly errorName = 'StoreError';
  constructor(code: StoreErrorKind, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
