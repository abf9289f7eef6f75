import { isRecord, text, type WireEvent, type WireReader } from './wire-event.js';

function toolCallOf(event: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const delta = isRecord(event.delta) ? event.delta : {};
  const message = isRecord(delta.message) ? delta.message : {};
  return isRecord(message.tool_calls) ? message.tool_calls : {};
}

/**
 * Reads Cohere v2 chat stream events: `tool-call-start` / `tool-call-delta` / `tool-call-end` by `index`,
 * text in `content-delta`, and `message-end` at the end of the message.
 */
export function createCohereReader(): WireReader {
  const calls = new Map<number, string>();
  let sequence = 0;
  return {
    read(event) {
      const events: WireEvent[] = [];
      const index = typeof event.index === 'number' ? event.index : -1;
      switch (event.type) {
        case 'tool-call-start': {
          const call = toolCallOf(event);
          const fn = isRecord(call.function) ? call.function : {};
          const key = `call-${sequence++}`;
          calls.set(index, key);
          events.push({ kind: 'start', key, id: text(call.id), name: text(fn.name) ?? '' });
          if (text(fn.arguments)) events.push({ kind: 'delta', key, text: fn.arguments as string });
          break;
        }
        case 'tool-call-delta': {
          const fn = toolCallOf(event).function;
          const args = isRecord(fn) && typeof fn.arguments === 'string' ? fn.arguments : '';
          if (args !== '')
            events.push({ kind: 'delta', key: calls.get(index) ?? `call-at-${index}`, text: args });
          break;
        }
        case 'tool-call-end': {
          const key = calls.get(index);
          if (key) events.push({ kind: 'end', key });
          calls.delete(index);
          break;
        }
        case 'content-delta': {
          const delta = isRecord(event.delta) ? event.delta : {};
          const message = isRecord(delta.message) ? delta.message : {};
          const content = isRecord(message.content) ? message.content : {};
          if (text(content.text)) events.push({ kind: 'text', text: content.text as string });
          break;
        }
        case 'message-end':
          calls.clear();
          events.push({ kind: 'finish' });
          break;
      }
      return events;
    },
  };
}
