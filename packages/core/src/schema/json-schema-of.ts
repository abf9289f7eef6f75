import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { preloadFormatChecks } from '#format-checks';
import { AffordanceError } from '../errors/action-error.js';
import { patternFlagCarrier } from './carry-pattern-flags.js';
import { waitForPatterns } from './schema-loading.js';
import type { JsonSchema, SchemaLike } from './types.js';

/** Whether a value implements Standard Schema (`~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const props = (value as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof props === 'object' && props !== null && typeof props.validate === 'function';
}

function hasJsonSchemaConverter(value: StandardSchemaV1): value is StandardSchemaV1 & StandardJSONSchemaV1 {
  const props = value['~standard'] as Partial<StandardJSONSchemaV1.Props>;
  return typeof props.jsonSchema?.input === 'function';
}

/**
 * The JSON Schema of a schema's input side. Standard Schemas go through the Standard JSON Schema interface
 * (zod v4, arktype; valibot via `toStandardJsonSchema`); JSON Schema objects are returned as they are, so
 * `$schema`, `$defs` and `additionalProperties` are kept. Regex flags, which JSON Schema lacks, are written into
 * the patterns; what cannot be is added to `warnings`. A schema that uses `format` starts loading the format checks
 * where they load on first use (browser and worker bundles).
 */
export function jsonSchemaOf(
  schema: SchemaLike,
  side: 'input' | 'output',
  where: string,
  warnings: string[] = [],
): JsonSchema {
  if (!isStandardSchema(schema)) {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new AffordanceError(
        'invalid_schema',
        `${where}: a schema must be a JSON Schema object or a Standard Schema`,
      );
    }
    preloadFormatChecks(schema);
    return schema;
  }
  if (!hasJsonSchemaConverter(schema)) {
    const vendor = schema['~standard'].vendor;
    const fix =
      vendor === 'valibot'
        ? 'wrap it with toStandardJsonSchema() from @valibot/to-json-schema'
        : 'use a library version that implements Standard JSON Schema, or pass a JSON Schema object';
    throw new AffordanceError(
      'invalid_schema',
      `${where}: the ${vendor} schema cannot produce JSON Schema; ${fix}`,
    );
  }
  const flags = patternFlagCarrier(schema);
  try {
    const converted = schema['~standard'].jsonSchema[side]({
      target: 'draft-2020-12',
      ...(flags.libraryOptions ? { libraryOptions: flags.libraryOptions } : {}),
    });
    flags.finish(converted);
    preloadFormatChecks(converted);
    const told = () => warnings.push(...flags.warnings.splice(0).map((warning) => `${side} ${warning}`));
    told();
    waitForPatterns(converted, flags.written, told);
    return converted;
  } catch (error) {
    throw new AffordanceError(
      'invalid_schema',
      `${where}: could not convert the schema to JSON Schema: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
}
