import { cspSafeValidator } from './csp-safe-validator.js';
import type { JsonSchemaValidator } from './json-schema-validator.js';

/**
 * The validator for browsers and workers (package.json `imports` `#json-validator`, `browser`/`worker`/`workerd`
 * conditions): always the CSP-safe one, so their bundles carry no ajv; `createRegistry({ validator: ajvValidator })`
 * still forces ajv where a page allows `unsafe-eval`.
 */
export function runtimeJsonValidator(): JsonSchemaValidator {
  return cspSafeValidator;
}
