import type { StandardSchemaV1 } from '@standard-schema/spec';
import { runtimeJsonValidator } from '#json-validator';
import type { Issue } from '../errors/action-error.js';
import { AffordanceError } from '../errors/action-error.js';
import { maskSecrets } from '../redact/mask-secrets.js';
import { issuesFromAjv, type SecretPath } from './ajv-issues.js';
import { describeValue, formatPath, SENSITIVE_VALUE, valueAt } from './describe-value.js';
import { isStandardSchema } from './json-schema-of.js';
import type { JsonSchemaValidator, SchemaCheck } from './json-schema-validator.js';
import type { JsonSchema, SchemaLike } from './types.js';

export { compileJsonSchema } from './ajv-validator.js';

/** The outcome of validating a value: the (possibly transformed) value, or the issues. */
export type Validation =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: Issue[] };

/** A compiled validator: synchronous for JSON Schema, possibly async for a Standard Schema. */
export type Validator = (value: unknown) => Validation | Promise<Validation>;

/**
 * A validator for any schema: for JSON Schema, `validator` (by default ajv where the runtime lets code be generated,
 * else the CSP-safe one: `runtimeJsonValidator`); for a Standard Schema, the library's own `validate`. Issue
 * messages never repeat a value at a place `secret` names (nor one the schema marks secret).
 */
export function compileValidator(
  schema: SchemaLike,
  where: string,
  secret?: SecretPath,
  validator: JsonSchemaValidator = runtimeJsonValidator(),
): Validator {
  if (isStandardSchema(schema)) return standardValidator(schema, secret);
  const check = compileWith(validator, schema, where);
  const validate: Validator = (value) => {
    const errors = check(value);
    return errors === undefined
      ? { ok: true, value }
      : { ok: false, issues: issuesFromAjv(errors, value, secret) };
  };
  // What the check needs loaded first (format checks, in a browser bundle): until it is there, each call waits for
  // the load (a failed load fails that call and is tried again on the next); then every call answers synchronously.
  if (!validator.load?.(schema)) return validate;
  let waiting = true;
  return (value) => {
    const loading = waiting ? validator.load?.(schema) : undefined;
    if (loading) return loading.then(() => validate(value));
    waiting = false;
    return validate(value);
  };
}

function compileWith(validator: JsonSchemaValidator, schema: JsonSchema, where: string): SchemaCheck {
  try {
    return validator.compile(schema);
  } catch (error) {
    throw new AffordanceError(
      'invalid_schema',
      `${where}: the JSON Schema does not compile: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

function standardValidator(schema: StandardSchemaV1, secret: SecretPath | undefined): Validator {
  const toValidation = (value: unknown, result: StandardSchemaV1.Result<unknown>): Validation => {
    if (!result.issues) return { ok: true, value: result.value };
    return { ok: false, issues: result.issues.map((issue) => standardIssue(issue, value, secret)) };
  };
  return (value) => {
    const result = schema['~standard'].validate(value);
    return result instanceof Promise
      ? result.then((r) => toValidation(value, r))
      : toValidation(value, result);
  };
}

function standardIssue(issue: StandardSchemaV1.Issue, value: unknown, secret: SecretPath | undefined): Issue {
  const path = (issue.path ?? []).map((segment) => {
    const key = typeof segment === 'object' ? segment.key : segment;
    return typeof key === 'number' ? key : String(key);
  });
  const sent = secret?.(path) ? SENSITIVE_VALUE : describeValue(valueAt(value, path));
  // A library's own message may quote the value too: secret-shaped text in it is masked.
  return { path, message: `${formatPath(path)}: ${maskSecrets(issue.message)}; you sent ${sent}` };
}
