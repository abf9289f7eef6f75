import type OpenAI from 'openai';
import type {
  LanguageModel,
  ModelRequest,
  ModelStreamPart,
  ResponseFormat,
} from '../../agent/model-types.js';
import { AffordanceError } from '../../errors/action-error.js';
import { toStrictSchema } from '../../formats/strict-schema.js';
import { notAborted } from '../not-aborted.js';
import { type OpenAIClientOptions, openAIClientOf } from './openai-client.js';
import { toResponsesError } from './openai-responses-error.js';
import { toResponsesInput } from './openai-responses-input.js';
import { readResponse, readResponsesTurn } from './openai-responses-turn.js';

/** Options of `createOpenAIResponsesModel`: a model name and either a client or what to build one with. */
export interface OpenAIResponsesModelOptions extends OpenAIClientOptions {
  readonly model: string;
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** Whether OpenAI keeps the responses (`store`; the API's default is true). The conversation is sent whole anyway. */
  readonly store?: boolean;
  /**
   * Whether the server takes `text.format: { type: 'json_schema' }` (default true); false makes
   * `runAgent({ output })` use its `final_answer` tool.
   */
  readonly structuredOutput?: boolean;
}

/**
 * A `LanguageModel` over the Responses API (`POST /v1/responses`) of the official `openai` client, with tools in the
 * registry's `openai-responses` format. Failures are `OpenAIResponsesError`s.
 */
export function createOpenAIResponsesModel(options: OpenAIResponsesModelOptions): LanguageModel {
  if (typeof options?.model !== 'string' || options.model === '') {
    throw new AffordanceError(
      'invalid_option',
      'createOpenAIResponsesModel: model must be a non-empty string',
    );
  }
  const client = openAIClientOf(options);
  const id = `openai-responses:${options.model}`;
  const body = (request: ModelRequest) => ({
    model: options.model,
    input: toResponsesInput(request.messages),
    ...(request.tools && request.tools.length > 0
      ? {
          tools: request.tools as OpenAI.Responses.FunctionTool[],
          tool_choice: request.toolChoice ?? 'auto',
        }
      : {}),
    ...(request.responseFormat ? { text: { format: textFormatOf(request.responseFormat) } } : {}),
    ...(options.maxTokens !== undefined ? { max_output_tokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.store !== undefined ? { store: options.store } : {}),
  });
  return {
    id,
    supportsTools: true,
    toolFormat: 'openai-responses',
    ...(options.structuredOutput === false ? {} : { structuredOutput: 'with-tools' as const }),
    async generate(request) {
      try {
        notAborted(request.signal);
        const response = await client.responses.create(
          { ...body(request), stream: false },
          request.signal ? { signal: request.signal } : {},
        );
        return readResponse(id, response);
      } catch (error) {
        throw toResponsesError(error, id, request.signal);
      }
    },
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const turn = readResponsesTurn(id);
      let finished: Awaited<ReturnType<typeof turn.end>>;
      try {
        notAborted(request.signal);
        const stream = await client.responses.create(
          { ...body(request), stream: true },
          request.signal ? { signal: request.signal } : {},
        );
        // Leaving the loop early (a caller that stops reading) makes the client abort the request.
        for await (const event of stream) yield* turn.read(event);
        finished = await turn.end();
      } catch (error) {
        throw toResponsesError(error, id, request.signal);
      }
      yield* finished.calls;
      yield { type: 'response-finish', response: finished.response };
    },
  };
}

/** The Responses API's `json_schema` text format: strict when the schema can be written for strict mode. */
function textFormatOf(format: ResponseFormat): OpenAI.Responses.ResponseFormatTextJSONSchemaConfig {
  const strict = toStrictSchema(format.schema);
  return {
    type: 'json_schema',
    name: format.name,
    ...(format.description ? { description: format.description } : {}),
    schema: (strict.ok ? strict.schema : format.schema) as Record<string, unknown>,
    strict: strict.ok,
  };
}
