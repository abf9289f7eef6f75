import { newId } from '../util/new-id.js';
import type { AGUIEvent } from './agui-event.js';
import type { ToolCallError, ToolCallPart } from './tool-call-parts.js';

/** Ids and options of the run the events describe. */
export interface AGUIEncoderOptions {
  readonly threadId: string;
  readonly runId: string;
  /** The assistant message the tool calls belong to (`parentMessageId` of `TOOL_CALL_START`). */
  readonly parentMessageId?: string;
  /** Makes ids for text messages and tool results (default: random `msg_…`). */
  readonly messageId?: () => string;
  /** Adds a `timestamp` (integer milliseconds) to every event. */
  readonly now?: () => number;
}

/** How the run ended: normally, or with an error (`RUN_ERROR`). */
export interface AGUIFinish {
  readonly error?: string | { readonly message: string; readonly code?: string };
}

/** Turns parts into AG-UI events one at a time, keeping what the event ordering rules need. */
export interface AGUIEncoder {
  /** `RUN_STARTED`. */
  start(): AGUIEvent[];
  encode(part: ToolCallPart): AGUIEvent[];
  /** Closes open text and tool calls, then `RUN_FINISHED` (or `RUN_ERROR`). */
  finish(how?: AGUIFinish): AGUIEvent[];
}

// Stream-level problems that do not belong to a call the events have opened.
const STREAM_ONLY = new Set(['unknown_call', 'duplicate_call', 'out_of_order']);

interface CallEvents {
  open: boolean;
  argsSent: boolean;
  /** Input ended, but nothing was sent as text yet: END waits for the arguments of `tool-call`. */
  endPending: boolean;
}

function errorText(error: ToolCallError): string {
  const lines = [`Error (${error.code}): ${error.message}`];
  if (error.hint) lines.push(`Hint: ${error.hint}`);
  return lines.join('\n');
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? '';
  } catch {
    return String(output);
  }
}

/**
 * Create an encoder for one run. Argument text goes out as `TOOL_CALL_ARGS` as it streams; calls whose
 * format sends values instead of text get their arguments as one JSON delta before `TOOL_CALL_END`. Failed
 * calls get a `TOOL_CALL_RESULT` with the error text, so the model and the UI both see why.
 */
export function createAGUIEncoder(options: AGUIEncoderOptions): AGUIEncoder {
  const messageId = options.messageId ?? (() => newId('msg'));
  const calls = new Map<string, CallEvents>();
  let textMessage: string | undefined;
  const stamp = (event: AGUIEvent): AGUIEvent =>
    options.now ? { ...event, timestamp: Math.trunc(options.now()) } : event;

  const closeText = (events: AGUIEvent[]) => {
    if (textMessage !== undefined) events.push(stamp({ type: 'TEXT_MESSAGE_END', messageId: textMessage }));
    textMessage = undefined;
  };
  const startCall = (events: AGUIEvent[], id: string, name: string): CallEvents => {
    closeText(events);
    const call: CallEvents = { open: true, argsSent: false, endPending: false };
    calls.set(id, call);
    const parent = options.parentMessageId === undefined ? {} : { parentMessageId: options.parentMessageId };
    events.push(stamp({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, ...parent }));
    return call;
  };
  const endCall = (events: AGUIEvent[], id: string, call: CallEvents | undefined) => {
    if (!call?.open) return;
    call.open = false;
    events.push(stamp({ type: 'TOOL_CALL_END', toolCallId: id }));
  };
  const args = (events: AGUIEvent[], id: string, call: CallEvents, delta: string) => {
    if (delta === '' || !call.open) return;
    call.argsSent = true;
    events.push(stamp({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta }));
  };
  const result = (events: AGUIEvent[], id: string, content: string) =>
    events.push(
      stamp({ type: 'TOOL_CALL_RESULT', messageId: messageId(), toolCallId: id, content, role: 'tool' }),
    );

  return {
    start: () => [stamp({ type: 'RUN_STARTED', threadId: options.threadId, runId: options.runId })],
    encode(part) {
      const events: AGUIEvent[] = [];
      switch (part.type) {
        case 'text-delta':
          if (part.delta === '') break;
          if (textMessage === undefined) {
            textMessage = messageId();
            events.push(stamp({ type: 'TEXT_MESSAGE_START', messageId: textMessage, role: 'assistant' }));
          }
          events.push(stamp({ type: 'TEXT_MESSAGE_CONTENT', messageId: textMessage, delta: part.delta }));
          break;
        case 'tool-input-start':
          if (!calls.has(part.id)) startCall(events, part.id, part.name);
          break;
        case 'tool-input-delta': {
          const call = calls.get(part.id);
          if (call) args(events, part.id, call, part.delta);
          break;
        }
        case 'tool-input-end': {
          const call = calls.get(part.id);
          if (call?.argsSent) endCall(events, part.id, call);
          else if (call) call.endPending = true;
          break;
        }
        case 'tool-call': {
          const call = calls.get(part.id) ?? startCall(events, part.id, part.name);
          if (!call.argsSent) args(events, part.id, call, JSON.stringify(part.input));
          endCall(events, part.id, call);
          break;
        }
        case 'tool-result': {
          const call = calls.get(part.id);
          endCall(events, part.id, call);
          result(events, part.id, part.result?.modelOutput ?? outputText(part.output));
          break;
        }
        case 'tool-error': {
          const call = calls.get(part.id);
          if (!call || STREAM_ONLY.has(part.error.code)) break;
          if (!call.argsSent && part.input !== undefined)
            args(events, part.id, call, JSON.stringify(part.input));
          endCall(events, part.id, call);
          result(events, part.id, part.result?.modelOutput ?? errorText(part.error));
          break;
        }
        default: {
          const unreachable: never = part;
          throw new TypeError(`unknown part ${JSON.stringify(unreachable)}`);
        }
      }
      return events;
    },
    finish(how = {}) {
      const events: AGUIEvent[] = [];
      closeText(events);
      for (const [id, call] of calls) endCall(events, id, call);
      if (how.error === undefined)
        events.push(stamp({ type: 'RUN_FINISHED', threadId: options.threadId, runId: options.runId }));
      else {
        const error = typeof how.error === 'string' ? { message: how.error } : how.error;
        events.push(
          stamp({ type: 'RUN_ERROR', message: error.message, ...(error.code ? { code: error.code } : {}) }),
        );
      }
      return events;
    },
  };
}

/** All the AG-UI events of one run made of these parts: `RUN_STARTED`, the calls, then `RUN_FINISHED`/`RUN_ERROR`. */
export function toAGUIEvents(
  parts: Iterable<ToolCallPart>,
  options: AGUIEncoderOptions & AGUIFinish,
): AGUIEvent[] {
  const encoder = createAGUIEncoder(options);
  const events = encoder.start();
  for (const part of parts) events.push(...encoder.encode(part));
  events.push(...encoder.finish(options));
  return events;
}
