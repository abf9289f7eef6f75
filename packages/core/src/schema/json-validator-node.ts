import { ajvValidator } from './ajv-validator.js';
import { cspSafeValidator } from './csp-safe-validator.js';
import { codeGenerationAllowed, type JsonSchemaValidator } from './json-schema-validator.js';

/**
 * The validator for this runtime (package.json `imports` `#json-validator`, default condition): ajv where code
 * may be generated, else (`node --disallow-code-generation-from-strings`, a locked-down Deno or Bun) the CSP-safe one.
 */
export function runtimeJsonValidator(): JsonSchemaValidator {
  return codeGenerationAllowed() ? ajvValidator : cspSafeValidator;
}
