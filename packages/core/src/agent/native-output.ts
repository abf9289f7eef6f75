import { AffordanceError } from '../errors/action-error.js';
import { omitStrictNulls } from '../formats/omit-strict-nulls.js';
import type { JsonSchema } from '../schema/types.js';
import type { ModelResponse, ResponseFormat, StructuredOutputSupport } from './model-types.js';

/**
 * How a run with an `output` schema gets its final answer: `native` through the model's JSON-schema response format,
 * `tool` through a `final_answer` tool (the text protocol: `done`), `auto` (default) native when the model can send
 * the format with tools on the same turn, else the tool.
 */
export type OutputMode = 'auto' | 'native' | 'tool';

/** The mode a run uses, from the one asked for, the protocol and the model's support. */
export function resolveOutputMode(
  requested: OutputMode | undefined,
  protocol: 'native' | 'text',
  support: StructuredOutputSupport | undefined,
): 'native' | 'tool' {
  const mode = requested ?? 'auto';
  if (mode !== 'auto' && mode !== 'native' && mode !== 'tool') {
    throw new AffordanceError(
      'invalid_option',
      `runAgent: outputMode must be 'auto', 'native' or 'tool', not ${JSON.stringify(mode)}`,
    );
  }
  if (mode === 'tool') return 'tool';
  if (mode === 'auto') return protocol === 'native' && support === 'with-tools' ? 'native' : 'tool';
  if (protocol !== 'native') {
    throw new AffordanceError('invalid_option', "runAgent: outputMode 'native' needs the native protocol");
  }
  if (!support) {
    throw new AffordanceError(
      'invalid_option',
      "runAgent: outputMode 'native' needs a model with a JSON-schema response format (model.structuredOutput)",
    );
  }
  return 'native';
}

/** The response format a native-output run asks for. */
export function responseFormatOf(schema: JsonSchema): ResponseFormat {
  return {
    type: 'json',
    name: 'final_answer',
    description: 'The final answer of the task.',
    schema,
  };
}

/** The message sent before the JSON turn of a model that cannot send the format with tools. */
export const JSON_TURN_PROMPT =
  'Give your final answer now, as one JSON object matching the required schema, and nothing else.';

/** The final answer in a native-output reply: its text read as a JSON object, or what to tell the model. */
export function readJsonAnswer(
  response: ModelResponse,
  schema: JsonSchema,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string } {
  const text = unfenced(response.text.trim());
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message:
        text === ''
          ? 'You answered with no text. Finish with your final answer as one JSON object matching the required schema.'
          : 'Your final answer was not JSON. Answer again with one JSON object matching the required schema, and nothing else.',
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      message:
        'Your final answer was not a JSON object. Answer again with one JSON object matching the schema.',
    };
  }
  // A strict-mode provider sends null for an optional property it left out: drop those before validating.
  return { ok: true, value: omitStrictNulls(value, schema) };
}

/** Some models wrap JSON in a Markdown fence even in JSON mode. */
function unfenced(text: string): string {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(text);
  return fenced?.[1] ?? text;
}
