import { loadFormatChecks } from '#format-checks';
import { dialectOf } from './dialect-of.js';
import { interpret, patternOf } from './interpret-schema.js';
import type { JsonSchemaValidator, SchemaCheck } from './json-schema-validator.js';
import { eachSubschema, isNode, localRef } from './schema-walk.js';
import type { JsonSchema } from './types.js';

const compiled = new WeakMap<object, SchemaCheck>();
const withFormats = new WeakSet<object>();
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * The CSP-safe validator: `interpret-schema.ts` walks the schema over the value (no generated code) and writes
 * ajv's errors as it goes — ajv's keywords, params, messages and order, ajv-formats' format checks
 * (`string-formats.ts`, loaded on first use in browser and worker bundles: `load`) and ajv's defaults — so a
 * refusal reads the same as under ajv. Local `$ref`s only.
 */
export const cspSafeValidator: JsonSchemaValidator = {
  name: 'csp-safe',
  compile(schema) {
    let check = compiled.get(schema);
    if (check) return check;
    assertUsable(schema);
    const dialect = dialectOf(schema);
    check = (value) => {
      const errors = interpret(schema, dialect, value);
      return errors.length === 0 ? undefined : errors;
    };
    compiled.set(schema, check);
    return check;
  },
  load(schema) {
    if (!compiled.has(schema)) this.compile(schema);
    return withFormats.has(schema) ? loadFormatChecks() : undefined;
  },
};

/** Refuse what ajv refuses when it compiles: unknown types, broken patterns, malformed `required`, lost `$ref`s. */
function assertUsable(schema: JsonSchema): void {
  eachSubschema(schema, (node) => {
    if (typeof node.format === 'string') withFormats.add(schema);
    for (const type of [node.type ?? []].flat()) {
      if (typeof type !== 'string' || !TYPES.has(type))
        throw new Error(`schema is invalid: type ${JSON.stringify(type)} is not a JSON type`);
    }
    const patterns = [
      node.pattern ?? [],
      ...Object.keys(isNode(node.patternProperties) ? node.patternProperties : {}),
    ].flat();
    for (const pattern of patterns) {
      try {
        patternOf(String(pattern));
      } catch (error) {
        throw new Error(`schema is invalid: pattern ${String(pattern)}: ${(error as Error).message}`);
      }
    }
    if (
      node.required !== undefined &&
      !(Array.isArray(node.required) && node.required.every((name) => typeof name === 'string'))
    ) {
      throw new Error('schema is invalid: required must be an array of strings');
    }
    if (typeof node.$ref === 'string' && localRef(schema, node.$ref) === undefined)
      throw new Error(`can't resolve reference ${node.$ref}`);
  });
}
