import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** A plain JSON Schema object describing a value. */
export type JsonSchema = { readonly [key: string]: unknown };

/** What an `input` or `output` may be: a Standard Schema (zod v4, valibot, arktype …) or a JSON Schema object. */
export type SchemaLike = StandardSchemaV1 | JsonSchema;

/** The value type a schema describes after validation. */
export type InferSchema<TSchema> = 0 extends 1 & TSchema
  ? // biome-ignore lint/suspicious/noExplicitAny: an `any` schema infers `any`, not an instantiation explosion
    any
  : TSchema extends StandardSchemaV1
    ? StandardSchemaV1.InferOutput<TSchema>
    : TSchema extends JSONSchema
      ? string extends keyof TSchema
        ? Record<string, unknown> // a widened schema type (index signature): nothing to infer
        : JsonSchemaValue<TSchema>
      : Record<string, unknown>;

// FromSchema on a schema that is not a literal (a widened JsonSchema) gives `unknown`; fall back to a record.
type JsonSchemaValue<TSchema extends JSONSchema> =
  unknown extends FromSchema<TSchema> ? Record<string, unknown> : FromSchema<TSchema>;
