import type { Content, Part } from '@google/genai';
import type { AgentMessage, FinishReason } from '../../agent/model-types.js';

/**
 * The placeholder Google documents for a replayed function call whose thought signature is not known (a
 * conversation reloaded from a store, or written by another model): Gemini 3 refuses such a call without one.
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** How to find the thought signature of a replayed call, and whether a missing one needs the placeholder. */
export interface SignatureSource {
  readonly signatureOf: (callId: string) => string | undefined;
  readonly placeholder: boolean;
}

/**
 * Convert agent messages to Gemini `contents` and a `systemInstruction`: system messages are joined into the
 * instruction, assistant turns become `model` contents with `functionCall` parts (the first call of a turn carries
 * its thought signature), and tool results become a `user` content of `functionResponse` parts, in call order.
 */
export function toGeminiContents(
  messages: readonly AgentMessage[],
  signatures: SignatureSource,
): { systemInstruction: string | undefined; contents: Content[] } {
  const system: string[] = [];
  const contents: Content[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        contents.push({ role: 'user', parts: [{ text: message.content }] });
        break;
      case 'assistant': {
        const parts: Part[] = message.content === '' ? [] : [{ text: message.content }];
        (message.toolCalls ?? []).forEach((call, index) => {
          const part: Part = { functionCall: { name: call.name, args: argsOf(call.args) } };
          const signature =
            signatures.signatureOf(call.id) ??
            (index === 0 && signatures.placeholder ? SKIP_THOUGHT_SIGNATURE : undefined);
          if (signature !== undefined) part.thoughtSignature = signature;
          parts.push(part);
        });
        // Gemini refuses a content without parts; an empty answer adds nothing the model needs to see.
        if (parts.length > 0) contents.push({ role: 'model', parts });
        break;
      }
      case 'tool':
        contents.push({
          role: 'user',
          parts: message.toolResults.map((result) => ({
            functionResponse: {
              name: result.name,
              // Gemini reads `output` as the function's result and `error` as its failure.
              response: result.ok ? { output: result.output } : { error: result.output },
            },
          })),
        });
        break;
      default: {
        const never: never = message;
        return never;
      }
    }
  }
  return { systemInstruction: system.length > 0 ? system.join('\n\n') : undefined, contents };
}

const CONTENT_FILTER = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
]);

/** Map a Gemini finish reason; Gemini says `STOP` after function calls too, so calls make it `tool-calls`. */
export function finishReasonOf(reason: string | undefined, hasToolCalls: boolean): FinishReason {
  if (reason === 'STOP') return hasToolCalls ? 'tool-calls' : 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason !== undefined && CONTENT_FILTER.has(reason)) return 'content-filter';
  return 'other';
}

/** Whether a model name is Gemini 3 or later, whose function calls must carry thought signatures. */
export function needsThoughtSignatures(model: string): boolean {
  const major = /(?:^|\/)gemini-(\d+)/.exec(model)?.[1];
  return major !== undefined && Number(major) >= 3;
}

function argsOf(args: unknown): Record<string, unknown> {
  if (isRecord(args)) return args;
  if (typeof args === 'string') {
    try {
      const parsed: unknown = JSON.parse(args);
      if (isRecord(parsed)) return parsed;
    } catch {
      // The model wrote arguments that are not JSON; a functionCall part still needs an object.
    }
  }
  return {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
