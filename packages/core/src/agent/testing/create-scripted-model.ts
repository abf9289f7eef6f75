import type { ToolFormat } from '../../formats/types.js';
import type {
  LanguageModel,
  ModelRequest,
  ModelResponse,
  ModelStreamPart,
  ModelToolCall,
  StructuredOutputSupport,
} from '../model-types.js';

/** A scripted tool call; the id is generated (`call_<turn>_<index>`) when absent. */
export interface ScriptedToolCall {
  readonly id?: string;
  readonly name: string;
  readonly args?: Record<string, unknown>;
  /** Raw argument text instead of `args`. */
  readonly argsText?: string;
}

/** One scripted answer: text, tool calls, or a function of the request. */
export type ScriptedReply =
  | string
  | { readonly text?: string; readonly toolCalls?: readonly ScriptedToolCall[] }
  | ((
      request: ModelRequest,
      turn: number,
    ) => string | { readonly text?: string; readonly toolCalls?: readonly ScriptedToolCall[] });

/** Options of `createScriptedModel`. */
export interface ScriptedModelOptions {
  /** Default true (`protocol: 'auto'` picks native). */
  readonly supportsTools?: boolean;
  readonly toolFormat?: ToolFormat;
  readonly id?: string;
  /** Claim a JSON-schema response format (`runAgent({ output })` then asks with `responseFormat`); default none. */
  readonly structuredOutput?: StructuredOutputSupport;
}

/** A scripted model that also keeps every request it was given. */
export interface ScriptedModel extends LanguageModel {
  readonly requests: readonly ModelRequest[];
  /** Replies not used yet. */
  readonly remaining: number;
}

/**
 * A `LanguageModel` for tests that answers with the given replies in order (one per call to `generate` or
 * `stream`), records each request, honours the abort signal and throws once the script runs out.
 */
export function createScriptedModel(
  replies: readonly ScriptedReply[],
  options: ScriptedModelOptions = {},
): ScriptedModel {
  const requests: ModelRequest[] = [];
  let turn = 0;
  const next = (request: ModelRequest): ModelResponse => {
    request.signal?.throwIfAborted();
    requests.push(request);
    const reply = replies[turn];
    turn++;
    if (reply === undefined) {
      throw new Error(`scripted model: no reply left for turn ${turn} (the script has ${replies.length})`);
    }
    const value = typeof reply === 'function' ? reply(request, turn) : reply;
    const { text = '', toolCalls = [] } = typeof value === 'string' ? { text: value } : value;
    const calls = toolCalls.map((call, index): ModelToolCall => {
      const id = call.id ?? `call_${turn}_${index + 1}`;
      return call.argsText !== undefined
        ? { id, name: call.name, argsText: call.argsText }
        : { id, name: call.name, args: call.args ?? {} };
    });
    return { text, toolCalls: calls, finishReason: calls.length > 0 ? 'tool-calls' : 'stop' };
  };
  return {
    id: options.id ?? 'scripted:test',
    supportsTools: options.supportsTools ?? true,
    toolFormat: options.toolFormat ?? 'openai',
    ...(options.structuredOutput ? { structuredOutput: options.structuredOutput } : {}),
    get requests() {
      return requests;
    },
    get remaining() {
      return Math.max(replies.length - turn, 0);
    },
    generate: async (request) => next(request),
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const response = next(request);
      if (response.text) yield { type: 'text-delta', delta: response.text };
      for (const call of response.toolCalls) {
        yield { type: 'tool-input-start', id: call.id, name: call.name };
        yield {
          type: 'tool-input-delta',
          id: call.id,
          delta: 'args' in call ? JSON.stringify(call.args) : call.argsText,
        };
        yield { type: 'tool-call', call };
      }
      yield { type: 'response-finish', response };
    },
  };
}
