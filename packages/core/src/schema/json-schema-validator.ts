import type { JsonSchema } from './types.js';

/** One refusal of a JSON Schema validator, in ajv's shape, from which the issue messages are written. */
export interface SchemaError {
  /** The failing keyword (`required`, `type`, `false schema` …). */
  readonly keyword: string;
  /** JSON Pointer of the refused value (`''` for the root). */
  readonly instancePath: string;
  /** What the keyword needed: `missingProperty`, `additionalProperty`, `type`, `allowedValues`, `limit` … */
  readonly params: Record<string, unknown>;
  /** The schema object holding the failing keyword. */
  readonly parentSchema?: unknown;
  /** ajv's wording of the refusal (`must be >= 3`), used where no fix-it message is written. */
  readonly message?: string;
  /** The key a refusal under `propertyNames` is about (its `instancePath` is the object holding the key). */
  readonly propertyName?: string;
}

/** Check a value against one compiled schema: `undefined` when it conforms, else the refusals. */
export type SchemaCheck = (value: unknown) => readonly SchemaError[] | undefined;

/**
 * A JSON Schema validator: `ajv` compiles each schema to JavaScript (fast, needs `new Function`); `csp-safe`
 * interprets it (`interpret-schema.ts`), so it runs under a strict Content-Security-Policy and on Workers.
 * Both fill `default`s into the value (ajv's `useDefaults`) and refuse with the same errors.
 */
export interface JsonSchemaValidator {
  readonly name: 'ajv' | 'csp-safe';
  /** Compile a schema (cached per schema object); throws an `Error` for a schema it cannot use. */
  compile(schema: JsonSchema): SchemaCheck;
  /**
   * What must load before a compiled schema can be checked synchronously (the CSP-safe validator's format checks,
   * in browser and worker bundles, when the schema uses `format`): the load, or undefined when nothing must.
   */
  load?(schema: JsonSchema): Promise<void> | undefined;
}

let allowed: boolean | undefined;

/**
 * Whether this runtime lets code build functions from strings. Probed once: a strict CSP without `unsafe-eval`,
 * Cloudflare's workerd and `node --disallow-code-generation-from-strings` refuse it (and a CSP reports the attempt).
 */
export function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = new Function('return true')() === true;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}
