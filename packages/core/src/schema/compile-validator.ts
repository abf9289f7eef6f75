import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Issue } from '../errors/action-error.js';
import { AffordanceError } from '../errors/action-error.js';
import { maskSecrets } from '../redact/mask-secrets.js';
import { issuesFromAjv, type SecretPath } from './ajv-issues.js';
import { describeValue, formatPath, SENSITIVE_VALUE, valueAt } from './describe-value.js';
import { isStandardSchema } from './json-schema-of.js';
import type { JsonSchema, SchemaLike } from './types.js';

/** The outcome of validating a value: the (possibly transformed) value, or the issues. */
export type Validation =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: Issue[] };

/** A compiled validator: synchronous for JSON Schema, possibly async for a Standard Schema. */
export type Validator = (value: unknown) => Validation | Promise<Validation>;

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void;

type AjvDialect = 'draft-07' | '2019-09' | '2020-12';
const instances = new Map<AjvDialect, Ajv>();
const compiled = new WeakMap<object, ValidateFunction>();

function ajvFor(schema: JsonSchema): Ajv {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  const dialect: AjvDialect = declared.includes('2020-12')
    ? '2020-12'
    : declared.includes('2019-09')
      ? '2019-09'
      : 'draft-07';
  let ajv = instances.get(dialect);
  if (!ajv) {
    const options = {
      allErrors: true,
      verbose: true,
      strict: false,
      useDefaults: true,
      allowUnionTypes: true,
      addUsedSchema: false,
    };
    ajv =
      dialect === '2020-12'
        ? new Ajv2020(options)
        : dialect === '2019-09'
          ? new Ajv2019(options)
          : new Ajv(options);
    addFormats(ajv);
    instances.set(dialect, ajv);
  }
  return ajv;
}

/** Compile (once per schema object) a JSON Schema with ajv. Throws `invalid_schema` for a broken schema. */
export function compileJsonSchema(schema: JsonSchema, where: string): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  let validate: ValidateFunction;
  try {
    validate = ajvFor(schema).compile(schema);
  } catch (error) {
    throw new AffordanceError(
      'invalid_schema',
      `${where}: the JSON Schema does not compile: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  compiled.set(schema, validate);
  return validate;
}

/**
 * A validator for any schema: ajv for JSON Schema, the library's own `validate` for a Standard Schema. Issue
 * messages never repeat a value at a place `secret` names (nor one the schema marks secret).
 */
export function compileValidator(schema: SchemaLike, where: string, secret?: SecretPath): Validator {
  if (isStandardSchema(schema)) return standardValidator(schema, secret);
  const validate = compileJsonSchema(schema, where);
  return (value) =>
    validate(value)
      ? { ok: true, value }
      : { ok: false, issues: issuesFromAjv(validate.errors ?? [], value, secret) };
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
