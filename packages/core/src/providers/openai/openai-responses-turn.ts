import type OpenAI from 'openai';
import type { ModelResponse, ModelStreamPart, ModelToolCall, ModelUsage } from '../../agent/model-types.js';
import { toolCallOf } from '../../agent/model-types.js';
import { createToolCallAssembler } from '../../streaming/create-tool-call-assembler.js';
import { streamPartOf, toolCallsOf } from '../read-tool-states.js';
import { failedEventError, OpenAIResponsesError } from './openai-responses-error.js';
import { responsesFinishReason, responsesUsage } from './openai-responses-input.js';

type StreamEvent = OpenAI.Responses.ResponseStreamEvent;

/** Reads the events of one streamed response into model stream parts. */
export interface ResponsesTurn {
  /** The parts of one event; throws `OpenAIResponsesError('failed')` on `response.failed` and `error` events. */
  read(event: StreamEvent): ModelStreamPart[];
  /** The finished answer; throws `OpenAIResponsesError('cut_off')` when the stream never said it was done. */
  end(): Promise<{ readonly calls: ModelStreamPart[]; readonly response: ModelResponse }>;
}

/** Start reading one streamed response of the model `model` (its id, for messages). */
export function readResponsesTurn(model: string): ResponsesTurn {
  const assembler = createToolCallAssembler({ format: 'openai-responses', textDeltas: true });
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
          throw failedEventError(model, event.response.error);
        case 'error':
          assembler.abort('failed');
          throw failedEventError(model, event);
      }
      const out: ModelStreamPart[] = [];
      for (const part of assembler.push(event)) {
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
          `the response of ${model} ended before response.completed (cut off)`,
        );
      }
      const toolCalls = toolCallsOf(await assembler.end());
      const response: ModelResponse = {
        text,
        toolCalls,
        finishReason: responsesFinishReason(done.status, done.reason, toolCalls.length > 0),
        ...(usage ? { usage } : {}),
      };
      return { calls: toolCalls.map((call) => ({ type: 'tool-call', call })), response };
    },
  };
}

/** A whole (not streamed) response read into a model answer; a failed one throws. */
export function readResponse(model: string, response: OpenAI.Responses.Response): ModelResponse {
  if (response.status === 'failed' || response.error) throw failedEventError(model, response.error);
  let text = '';
  const toolCalls: ModelToolCall[] = [];
  for (const item of response.output) {
    if (item.type === 'message') {
      for (const content of item.content) if (content.type === 'output_text') text += content.text;
    } else if (item.type === 'function_call') {
      toolCalls.push(toolCallOf(item.call_id, item.name, item.arguments));
    }
  }
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
  };
}
