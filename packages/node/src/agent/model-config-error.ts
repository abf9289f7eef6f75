import { AffordanceError } from '@affordance/core';

/** Why a model could not be configured from the environment. */
export type ModelConfigErrorCode =
  | 'missing_model'
  | 'invalid_model'
  | 'unknown_provider'
  | 'missing_key'
  | 'missing_package';

/** A model configuration problem found at start, naming the environment variable to set. */
export class ModelConfigError extends AffordanceError<ModelConfigErrorCode> {
  static override readonly errorName = 'ModelConfigError';
  constructor(
    code: ModelConfigErrorCode,
    readonly variable: string,
    message: string,
  ) {
    super(code, message);
  }
}
