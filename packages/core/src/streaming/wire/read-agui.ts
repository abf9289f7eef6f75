import { text, type WireEvent, type WireReader } from './wire-event.js';

// Events that do not close an open TOOL_CALL_CHUNK call (as in @ag-ui/client's chunk transform).
const PASSIVE = new Set([
  'RAW',
  'ACTIVITY_SNAPSHOT',
  'ACTIVITY_DELTA',
  'REASONING_ENCRYPTED_VALUE',
  'SUBAGENT_STARTED',
]);

/**
 * Reads AG-UI events: `TOOL_CALL_START` / `_ARGS` / `_END` by `toolCallId`, the `TOOL_CALL_CHUNK` shorthand
 * (a call opened by its first chunk and closed by the next event of another kind or id), `TOOL_CALL_RESULT`,
 * and `RUN_FINISHED` / `RUN_ERROR`.
 */
export function createAGUIReader(): WireReader {
  let chunked: string | undefined;
  const closeChunked = (events: WireEvent[]) => {
    if (chunked !== undefined) events.push({ kind: 'end', key: chunked });
    chunked = undefined;
  };
  return {
    read(event) {
      const events: WireEvent[] = [];
      const type = typeof event.type === 'string' ? event.type : '';
      const id = text(event.toolCallId);
      if (type === 'TOOL_CALL_CHUNK') {
        if (id !== undefined && id !== chunked) {
          closeChunked(events);
          const name = text(event.toolCallName);
          if (name) {
            chunked = id;
            events.push({ kind: 'start', key: id, id, name });
          }
        }
        const delta = typeof event.delta === 'string' ? event.delta : '';
        if (delta !== '')
          events.push({ kind: 'delta', key: chunked ?? id ?? '(no toolCallId)', text: delta });
        return events;
      }
      if (!PASSIVE.has(type)) closeChunked(events);
      switch (type) {
        case 'TOOL_CALL_START':
          events.push({
            kind: 'start',
            key: id ?? '(no toolCallId)',
            id,
            name: text(event.toolCallName) ?? '',
          });
          break;
        case 'TOOL_CALL_ARGS':
          events.push({
            kind: 'delta',
            key: id ?? '(no toolCallId)',
            text: typeof event.delta === 'string' ? event.delta : '',
          });
          break;
        case 'TOOL_CALL_END':
          events.push({ kind: 'end', key: id ?? '(no toolCallId)' });
          break;
        case 'TOOL_CALL_RESULT':
          if (id) events.push({ kind: 'result', id, output: event.content, isError: false });
          break;
        case 'TEXT_MESSAGE_CONTENT':
        case 'TEXT_MESSAGE_CHUNK':
          if (text(event.delta)) events.push({ kind: 'text', text: event.delta as string });
          break;
        case 'RUN_FINISHED':
          events.push({ kind: 'finish' });
          break;
        case 'RUN_ERROR':
          events.push({ kind: 'finish', error: text(event.message) ?? 'the run failed' });
          break;
      }
      return events;
    },
  };
}
