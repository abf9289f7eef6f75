import {
  type FunctionCallingConfigMode,
  type FunctionDeclaration,
  type GenerateContentParameters,
  GoogleGenAI,
} from '@google/genai';
import type { LanguageModel, ModelRequest, ModelStreamPart } from '../../agent/model-types.js';
import { AffordanceError } from '../../errors/action-error.js';
import { notAborted } from '../not-aborted.js';
import { needsThoughtSignatures, toGeminiContents } from './gemini-contents.js';
import { toGeminiError } from './gemini-error.js';
import { readGeminiTurn, SignatureMemory } from './gemini-turn.js';

/** Options of `createGeminiModel`: a model name and either a client or what to build one with. */
export interface GeminiModelOptions {
  /** `gemini-2.5-flash`, `gemini-3-pro-preview`, … */
  readonly model: string;
  /** An existing client (a Vertex AI one too); otherwise one is built from `apiKey` and `baseURL`. */
  readonly client?: GoogleGenAI;
  /** The Gemini API key (the client otherwise reads `GEMINI_API_KEY` or `GOOGLE_API_KEY`). */
  readonly apiKey?: string;
  /** Another endpoint for the Gemini API (a proxy, a local replay server). */
  readonly baseURL?: string;
  readonly maxTokens?: number;
  readonly temperature?: number;
  /**
   * Send Google's documented placeholder signature on a replayed function call whose thought signature this
   * model did not see (default: for Gemini 3 and later, which refuse such calls).
   */
  readonly placeholderSignatures?: boolean;
  /**
   * The JSON-schema response format (`responseMimeType: 'application/json'` + `responseJsonSchema`): `with-tools`
   * (default for Gemini 3 and later, which take it with function calling), `alone` (default before: the final answer
   * gets a turn without tools), or false to use `runAgent`'s `final_answer` tool.
   */
  readonly structuredOutput?: 'with-tools' | 'alone' | false;
}

const MODE = { auto: 'AUTO', required: 'ANY', none: 'NONE' } as const;

/**
 * A `LanguageModel` over `generateContent` and `streamGenerateContent` of Google's official `@google/genai`
 * client, with tools in the registry's `gemini` format. Failures are `GeminiError`s.
 */
export function createGeminiModel(options: GeminiModelOptions): LanguageModel {
  if (typeof options?.model !== 'string' || options.model === '') {
    throw new AffordanceError('invalid_option', 'createGeminiModel: model must be a non-empty string');
  }
  const { model } = options;
  const client =
    options.client ??
    new GoogleGenAI({
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...(options.baseURL ? { httpOptions: { baseUrl: options.baseURL } } : {}),
    });
  const signatures = new SignatureMemory();
  const placeholder = options.placeholderSignatures ?? needsThoughtSignatures(model);
  const id = `gemini:${model}`;
  const structured =
    options.structuredOutput ??
    (needsThoughtSignatures(model) ? ('with-tools' as const) : ('alone' as const));

  const params = (request: ModelRequest): GenerateContentParameters => {
    const { systemInstruction, contents } = toGeminiContents(request.messages, {
      signatureOf: (callId) => signatures.get(callId),
      placeholder,
    });
    const tools = request.tools && request.tools.length > 0 ? (request.tools as FunctionDeclaration[]) : [];
    return {
      model,
      contents,
      config: {
        ...(systemInstruction ? { systemInstruction } : {}),
        ...(tools.length > 0
          ? {
              tools: [{ functionDeclarations: tools }],
              toolConfig: {
                functionCallingConfig: {
                  mode: MODE[request.toolChoice ?? 'auto'] as FunctionCallingConfigMode,
                },
              },
            }
          : {}),
        ...(request.responseFormat
          ? { responseMimeType: 'application/json', responseJsonSchema: request.responseFormat.schema }
          : {}),
        ...(options.maxTokens !== undefined ? { maxOutputTokens: options.maxTokens } : {}),
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(request.signal ? { abortSignal: request.signal } : {}),
      },
    };
  };

  return {
    id,
    supportsTools: true,
    toolFormat: 'gemini',
    ...(structured ? { structuredOutput: structured } : {}),
    async generate(request) {
      try {
        notAborted(request.signal);
        const turn = readGeminiTurn(id, signatures);
        turn.read(await client.models.generateContent(params(request)));
        return (await turn.end()).response;
      } catch (error) {
        throw toGeminiError(error, id, request.signal);
      }
    },
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const turn = readGeminiTurn(id, signatures);
      // Hangs up when the caller stops reading early (the client only releases the body, leaving it open).
      const hangUp = new AbortController();
      const signal = request.signal ? AbortSignal.any([request.signal, hangUp.signal]) : hangUp.signal;
      let finished: Awaited<ReturnType<typeof turn.end>> | undefined;
      try {
        notAborted(request.signal);
        const stream = await client.models.generateContentStream(params({ ...request, signal }));
        for await (const chunk of stream) yield* turn.read(chunk);
        finished = await turn.end();
      } catch (error) {
        throw toGeminiError(error, id, request.signal);
      } finally {
        if (!finished) hangUp.abort();
      }
      yield* finished.calls;
      yield { type: 'response-finish', response: finished.response };
    },
  };
}
