import type { GenerateContentResponse } from '@google/genai';
import type { ModelResponse, ModelStreamPart, ModelUsage } from '../../agent/model-types.js';
import { createToolCallAssembler } from '../../streaming/create-tool-call-assembler.js';
import { streamPartOf, toolCallsOf } from '../read-tool-states.js';
import { finishReasonOf } from './gemini-contents.js';
import { GeminiError } from './gemini-error.js';

/** Thought signatures of the calls a model made, by call id, kept for the turns that send the calls back. */
export class SignatureMemory {
  private readonly byId = new Map<string, string>();
  constructor(private readonly limit = 1000) {}
  get(id: string): string | undefined {
    return this.byId.get(id);
  }
  set(id: string, signature: string): void {
    this.byId.set(id, signature);
    // The oldest go first: a long-running model forgets calls far behind any conversation it still serves.
    if (this.byId.size > this.limit) this.byId.delete(this.byId.keys().next().value as string);
  }
}

/** Reads the responses of one model turn (one whole answer, or a stream's chunks) into model stream parts. */
export interface GeminiTurn {
  read(chunk: GenerateContentResponse): ModelStreamPart[];
  /** The finished answer; throws `GeminiError('cut_off')` when no chunk carried a finish reason. */
  end(): Promise<{ readonly calls: ModelStreamPart[]; readonly response: ModelResponse }>;
}

/** Start reading one turn of the model `model` (its id, for messages), remembering each call's thought signature. */
export function readGeminiTurn(model: string, signatures: SignatureMemory): GeminiTurn {
  const assembler = createToolCallAssembler({ format: 'gemini', textDeltas: true });
  let text = '';
  let finish: string | undefined;
  let usage: ModelUsage | undefined;
  return {
    read(chunk) {
      const candidate = chunk.candidates?.[0];
      const blocked = chunk.promptFeedback?.blockReason;
      if (!candidate && blocked) {
        const message = chunk.promptFeedback?.blockReasonMessage;
        throw new GeminiError(
          'blocked',
          `${model} blocked the prompt (${blocked})${message ? `: ${message}` : ''}`,
        );
      }
      usage = usageOf(chunk) ?? usage;
      finish = candidate?.finishReason ?? finish;
      // A call's signature rides on the part that names it; calls start in the order of those parts.
      const signed = (candidate?.content?.parts ?? [])
        .filter((part) => typeof part.functionCall?.name === 'string' && part.functionCall.name !== '')
        .map((part) => part.thoughtSignature);
      const out: ModelStreamPart[] = [];
      let started = 0;
      for (const part of assembler.push(chunk)) {
        if (part.type === 'tool-input-start') {
          const signature = signed[started++];
          if (signature) signatures.set(part.id, signature);
        }
        const mapped = streamPartOf(part);
        if (mapped?.type === 'text-delta') text += mapped.delta;
        if (mapped) out.push(mapped);
      }
      return out;
    },
    async end() {
      if (finish === undefined) {
        assembler.abort('cut off');
        throw new GeminiError('cut_off', `the answer of ${model} ended before a finish reason (cut off)`);
      }
      const toolCalls = toolCallsOf(await assembler.end());
      const response: ModelResponse = {
        text,
        toolCalls,
        finishReason: finishReasonOf(finish, toolCalls.length > 0),
        ...(usage ? { usage } : {}),
      };
      return { calls: toolCalls.map((call) => ({ type: 'tool-call', call })), response };
    },
  };
}

/** Token counts; thinking tokens are billed as output, so they count as output here. */
function usageOf(chunk: GenerateContentResponse): ModelUsage | undefined {
  const meta = chunk.usageMetadata;
  if (!meta || (meta.promptTokenCount === undefined && meta.candidatesTokenCount === undefined))
    return undefined;
  const output =
    meta.candidatesTokenCount === undefined && meta.thoughtsTokenCount === undefined
      ? undefined
      : (meta.candidatesTokenCount ?? 0) + (meta.thoughtsTokenCount ?? 0);
  return {
    ...(meta.promptTokenCount !== undefined ? { inputTokens: meta.promptTokenCount } : {}),
    ...(output !== undefined ? { outputTokens: output } : {}),
  };
}
