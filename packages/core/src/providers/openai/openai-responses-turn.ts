import type OpenAI from 'openai';
import type { ModelResponse, ModelStreamPart, ModelToolCall, ModelUsage } from '../../agent/model-types.js';
import { toolCallOf } from '../../agent/model-types.js';
import { createToolCallAssembler } from '../../streaming/create-tool-call-assembler.js';
import { streamPartOf, toolCallsOf } from '../read-tool-states.js';
import { expandParallelCall, isParallelWrapper } from './expand-parallel-call.js';
import { argumentsText } from './openai-messages.js';
import { failedEventError, OpenAIResponsesError } from './openai-responses-error.js';
import { responsesFinishReason, responsesUsage } from './openai-responses-input.js';
import { type OutputSlot, reasoningDataOf } from './openai-responses-reasoning.js';

type StreamEvent = OpenAI.Responses.ResponseStreamEvent;

/** Who is reading: the model's id (for messages), its name (for the reasoning it keeps) and the tools it offered. */
export interface TurnReader {
  readonly id: string;
  readonly model: string;
  readonly toolNames: ReadonlySet<string>;
  /** Whether OpenAI keeps the response (`store` not false), so its reasoning items can go back by id alone. */
  readonly stored: boolean;
}

/** Reads the events of one streamed response into model stream parts. */
export interface ResponsesTurn {
  /** The parts of one event; throws `OpenAIResponsesError('failed')` on `response.failed` and `error` events. */
  read(event: StreamEvent): ModelStreamPart[];
  /** The finished answer; throws `OpenAIResponsesError('cut_off')` when the stream never said it was done. */
  end(): Promise<{ readonly calls: ModelStreamPart[]; readonly response: ModelResponse }>;
}

/**
 * Start reading one streamed response. A `parallel` wrapper call's own parts are held back: once the stream ends,
 * each call it unwraps into (or the wrapper, when it does not unwrap) is announced whole, start, arguments, call.
 */
export function readResponsesTurn(reader: TurnReader): ResponsesTurn {
  const assembler = createToolCallAssembler({ format: 'openai-responses', textDeltas: true });
  const slots: OutputSlot[] = [];
  const wrappers = new Set<string>();
  let text = '';
  let done: { status: string | undefined; reason: string | undefined } | undefined;
  let usage: ModelUsage | undefined;
  return {
    read(event) {
      switch (event.type) {
        case 'response.completed':
        case 'response.incomplete':
          done = { status: event.response.status, reason: event.response.incomplete_details?.reason };
          usage = responsesUsage(event.response.usage) ?? usage;
          break;
        case 'response.failed':
          assembler.abort('failed');
          throw failedEventError(reader.id, event.response.error);
        case 'error':
          assembler.abort('failed');
          throw failedEventError(reader.id, event);
        case 'response.output_item.done':
          slots.push(slotOf(event.item));
          break;
      }
      const out: ModelStreamPart[] = [];
      for (const part of assembler.push(event)) {
        if (part.type === 'tool-input-start' && isParallelWrapper(part.name, reader.toolNames)) {
          wrappers.add(part.id);
        }
        if ('id' in part && wrappers.has(part.id)) continue;
        const mapped = streamPartOf(part);
        if (mapped?.type === 'text-delta') text += mapped.delta;
        if (mapped) out.push(mapped);
      }
      return out;
    },
    async end() {
      if (!done) {
        assembler.abort('cut off');
        throw new OpenAIResponsesError(
          'cut_off',
          `the response of ${reader.id} ended before response.completed (cut off)`,
        );
      }
      const calls: ModelStreamPart[] = [];
      const answer = answerOf(reader, toolCallsOf(await assembler.end()), slots);
      for (const { call, from } of answer.calls) {
        if (wrappers.has(from)) {
          calls.push({ type: 'tool-input-start', id: call.id, name: call.name });
          calls.push({ type: 'tool-input-delta', id: call.id, delta: argumentsText(argsOf(call)) });
        }
        calls.push({ type: 'tool-call', call });
      }
      const toolCalls = answer.calls.map((item) => item.call);
      const response: ModelResponse = {
        text,
        toolCalls,
        finishReason: responsesFinishReason(done.status, done.reason, toolCalls.length > 0),
        ...(usage ? { usage } : {}),
        ...(answer.providerData ? { providerData: answer.providerData } : {}),
      };
      return { calls, response };
    },
  };
}

/** A whole (not streamed) response read into a model answer; a failed one throws. */
export function readResponse(reader: TurnReader, response: OpenAI.Responses.Response): ModelResponse {
  if (response.status === 'failed' || response.error) throw failedEventError(reader.id, response.error);
  let text = '';
  const read: ModelToolCall[] = [];
  for (const item of response.output) {
    if (item.type === 'message') {
      for (const content of item.content) if (content.type === 'output_text') text += content.text;
    } else if (item.type === 'function_call') {
      read.push(toolCallOf(item.call_id, item.name, item.arguments));
    }
  }
  const answer = answerOf(reader, read, response.output.map(slotOf));
  const toolCalls = answer.calls.map((item) => item.call);
  const usage = responsesUsage(response.usage);
  return {
    text,
    toolCalls,
    finishReason: responsesFinishReason(
      response.status,
      response.incomplete_details?.reason,
      toolCalls.length > 0,
    ),
    ...(usage ? { usage } : {}),
    ...(answer.providerData ? { providerData: answer.providerData } : {}),
  };
}

/** The calls of an answer with `parallel` wrappers unwrapped (each with the id it came `from`), and its reasoning. */
function answerOf(reader: TurnReader, read: readonly ModelToolCall[], slots: readonly OutputSlot[]) {
  const calls: { call: ModelToolCall; from: string }[] = [];
  const firstOf = new Map<string, string>();
  for (const call of read) {
    const expanded = expandParallelCall(call, reader.toolNames);
    for (const one of expanded) calls.push({ call: one, from: call.id });
    if (expanded[0]) firstOf.set(call.id, expanded[0].id);
  }
  // Reasoning before a wrapper goes back before the first call it unwrapped into.
  const placed = slots.map((slot) =>
    slot.kind === 'call' ? { kind: 'call' as const, id: firstOf.get(slot.id) ?? slot.id } : slot,
  );
  return { calls, providerData: reasoningDataOf(reader.model, placed, { stored: reader.stored }) };
}

/** What an output item is to the reasoning before it. */
function slotOf(item: OpenAI.Responses.ResponseOutputItem): OutputSlot {
  switch (item.type) {
    case 'reasoning':
      return { kind: 'reasoning', item };
    case 'function_call':
      return { kind: 'call', id: item.call_id };
    case 'message':
      return item.content.some((part) => part.type === 'output_text' && part.text !== '')
        ? { kind: 'text' }
        : { kind: 'other' };
    default:
      return { kind: 'other' };
  }
}

function argsOf(call: ModelToolCall): unknown {
  return 'args' in call ? call.args : call.argsText;
}
