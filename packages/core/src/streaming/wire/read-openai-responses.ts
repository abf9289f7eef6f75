import { isRecord, numberOrUndefined, text, type WireEvent, type WireReader } from './wire-event.js';

interface Item {
  readonly key: string;
  delivered: boolean;
  ended: boolean;
}

const CALL_ITEMS = new Set(['function_call', 'mcp_call']);

/**
 * Reads OpenAI Responses API events: `function_call` (and provider-run `mcp_call`) output items, their
 * `*_arguments.delta` / `.done` events and `output_item.done`. Arguments sent only whole (in `.done` or the
 * finished item) are passed on as one delta. Custom and built-in tools (free text, web search …) are not calls.
 */
export function createOpenAIResponsesReader(): WireReader {
  const items = new Map<string, Item>();
  const keyOf = (event: Readonly<Record<string, unknown>>, item?: Readonly<Record<string, unknown>>) =>
    text(item?.id) ?? text(event.item_id) ?? `output:${numberOrUndefined(event.output_index) ?? '?'}`;

  const start = (events: WireEvent[], key: string, item: Readonly<Record<string, unknown>>): Item => {
    const entry: Item = { key, delivered: false, ended: false };
    items.set(key, entry);
    events.push({
      kind: 'start',
      key,
      id: text(item.call_id) ?? text(item.id),
      name: text(item.name) ?? '',
      ...(item.type === 'mcp_call' ? { providerExecuted: true } : {}),
    });
    return entry;
  };
  const deliver = (events: WireEvent[], entry: Item | undefined, key: string, args: unknown) => {
    if (typeof args !== 'string' || args === '') return;
    if (entry) entry.delivered = true;
    events.push({ kind: 'delta', key, text: args });
  };
  const finishArgs = (events: WireEvent[], entry: Item | undefined, key: string, args: unknown) => {
    if (entry?.ended) return;
    if (!entry?.delivered) deliver(events, entry, key, args);
    if (entry) entry.ended = true;
    events.push({ kind: 'end', key });
  };

  return {
    read(event) {
      const events: WireEvent[] = [];
      const type = typeof event.type === 'string' ? event.type : '';
      switch (type) {
        case 'response.output_item.added': {
          const item = isRecord(event.item) ? event.item : undefined;
          if (!item || !CALL_ITEMS.has(item.type as string)) break;
          const key = keyOf(event, item);
          deliver(events, start(events, key, item), key, item.arguments);
          break;
        }
        case 'response.function_call_arguments.delta':
        case 'response.mcp_call_arguments.delta': {
          const key = keyOf(event);
          const entry = items.get(key);
          if (entry) entry.delivered = true;
          events.push({ kind: 'delta', key, text: typeof event.delta === 'string' ? event.delta : '' });
          break;
        }
        case 'response.function_call_arguments.done':
        case 'response.mcp_call_arguments.done': {
          const key = keyOf(event);
          finishArgs(events, items.get(key), key, event.arguments);
          break;
        }
        case 'response.output_item.done': {
          const item = isRecord(event.item) ? event.item : undefined;
          if (!item || !CALL_ITEMS.has(item.type as string)) break;
          const key = keyOf(event, item);
          finishArgs(events, items.get(key) ?? start(events, key, item), key, item.arguments);
          if (item.type === 'mcp_call' && (item.output != null || item.error != null)) {
            const id = text(item.id) ?? key;
            events.push({
              kind: 'result',
              id,
              output: item.error ?? item.output,
              isError: item.error != null,
              providerExecuted: true,
            });
          }
          break;
        }
        case 'response.output_text.delta':
          if (typeof event.delta === 'string' && event.delta)
            events.push({ kind: 'text', text: event.delta });
          break;
        case 'response.completed':
        case 'response.incomplete':
          events.push({ kind: 'finish' });
          break;
        case 'response.failed':
        case 'error': {
          const response = isRecord(event.response) ? event.response : event;
          const error = isRecord(response.error) ? response.error : response;
          events.push({ kind: 'finish', error: text(error.message) ?? 'the response failed' });
          break;
        }
      }
      return events;
    },
  };
}
