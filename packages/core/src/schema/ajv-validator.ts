import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { AffordanceError } from '../errors/action-error.js';
import { type Dialect, dialectOf } from './dialect-of.js';
import type { JsonSchemaValidator, SchemaCheck } from './json-schema-validator.js';
import type { JsonSchema } from './types.js';

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void;

const instances = new Map<Dialect, Ajv>();
const compiled = new WeakMap<object, ValidateFunction>();
const checks = new WeakMap<object, SchemaCheck>();

function ajvFor(schema: JsonSchema): Ajv {
  const dialect = dialectOf(schema);
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
      { cause: error },
    );
  }
  compiled.set(schema, validate);
  return validate;
}

/** The ajv validator: compiles each schema to a JavaScript function (needs `new Function`). */
export const ajvValidator: JsonSchemaValidator = {
  name: 'ajv',
  compile(schema) {
    let check = checks.get(schema);
    if (!check) {
      const validate = compiled.get(schema) ?? ajvFor(schema).compile(schema);
      compiled.set(schema, validate);
      check = (value) => (validate(value) ? undefined : (validate.errors ?? []));
      checks.set(schema, check);
    }
    return check;
  },
};
