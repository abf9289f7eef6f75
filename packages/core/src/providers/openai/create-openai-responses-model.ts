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
import {
  type OpenAIReasoningOptions,
  type OpenAITextOptions,
  responsesSettingsOf,
} from './openai-responses-settings.js';
import { readResponse, readResponsesTurn, type TurnReader } from './openai-responses-turn.js';

/** Options of `createOpenAIResponsesModel`: a model name and either a client or what to build one with. */
export interface OpenAIResponsesModelOptions extends OpenAIClientOptions {
  readonly model: string;
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** Whether OpenAI keeps the responses (`store`; the API's default is true). The conversation is sent whole anyway. */
  readonly store?: boolean;
  /** A reasoning model's `reasoning.effort` and `reasoning.summary`, sent as they are. */
  readonly reasoning?: OpenAIReasoningOptions;
  /** `text.verbosity`, sent beside any JSON-schema format. */
  readonly text?: OpenAITextOptions;
  /**
   * Ask for `include: ['reasoning.encrypted_content']`, so reasoning items go back whole on later turns (default:
   * when `store` is false and `reasoning` is set; a model without reasoning refuses it).
   */
  readonly encryptedReasoning?: boolean;
  /**
   * Send the reasoning items kept on earlier assistant messages back on later turns (default true); false for an
   * OpenAI-compatible server that refuses them (the model then reasons afresh each turn).
   */
  readonly sendReasoning?: boolean;
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
  const settings = responsesSettingsOf(options);
  if (options.sendReasoning !== undefined && typeof options.sendReasoning !== 'boolean') {
    throw new AffordanceError(
      'invalid_option',
      'createOpenAIResponsesModel: sendReasoning must be true or false',
    );
  }
  const sendReasoning = options.sendReasoning ?? true;
  const client = openAIClientOf(options);
  const id = `openai-responses:${options.model}`;
  const readerOf = (request: ModelRequest): TurnReader => ({
    id,
    model: options.model,
    toolNames: toolNamesOf(request.tools),
    stored: options.store !== false,
  });
  const body = (request: ModelRequest) => ({
    model: options.model,
    input: toResponsesInput(request.messages, options.model, sendReasoning),
    ...(request.tools && request.tools.length > 0
      ? {
          tools: request.tools as OpenAI.Responses.FunctionTool[],
          tool_choice: request.toolChoice ?? 'auto',
        }
      : {}),
    ...(request.responseFormat || settings.verbosity
      ? {
          text: {
            ...(request.responseFormat ? { format: textFormatOf(request.responseFormat) } : {}),
            ...(settings.verbosity ? { verbosity: settings.verbosity } : {}),
          },
        }
      : {}),
    ...(settings.reasoning ? { reasoning: settings.reasoning } : {}),
    ...(settings.include ? { include: settings.include } : {}),
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
        return readResponse(readerOf(request), response);
      } catch (error) {
        throw toResponsesError(error, id, request.signal);
      }
    },
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const turn = readResponsesTurn(readerOf(request));
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

/** The names of the offered function tools (the `openai-responses` format's flat `name`). */
function toolNamesOf(tools: readonly unknown[] | undefined): ReadonlySet<string> {
  const names = new Set<string>();
  for (const tool of tools ?? []) {
    const name = (tool as { name?: unknown } | null)?.name;
    if (typeof name === 'string') names.add(name);
  }
  return names;
}
