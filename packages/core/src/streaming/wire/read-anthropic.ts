import { isRecord, text, type WireEvent, type WireReader } from './wire-event.js';

interface Block {
  readonly key: string;
  readonly prefilled: unknown;
  delivered: boolean;
}

const CALL_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

function resultOf(block: Readonly<Record<string, unknown>>): WireEvent | undefined {
  const type = typeof block.type === 'string' ? block.type : '';
  const id = text(block.tool_use_id);
  if (!id || !type.endsWith('tool_result')) return undefined;
  const content = block.content;
  const contentType = isRecord(content) && typeof content.type === 'string' ? content.type : '';
  return {
    kind: 'result',
    id,
    output: content,
    isError: block.is_error === true || contentType.endsWith('_error'),
    providerExecuted: type !== 'tool_result',
  };
}

/**
 * Reads Anthropic Messages stream events: `tool_use` (and provider-run `server_tool_use` / `mcp_tool_use`)
 * content blocks with their `input_json_delta`s, whole calls inside `message_start`, and provider-run tool
 * results. A block without deltas takes the `input` it started with.
 */
export function createAnthropicReader(): WireReader {
  let message = 0;
  const blocks = new Map<number, Block>();
  return {
    read(event) {
      const events: WireEvent[] = [];
      const index = typeof event.index === 'number' ? event.index : -1;
      switch (event.type) {
        case 'message_start': {
          message++;
          blocks.clear();
          const content =
            isRecord(event.message) && Array.isArray(event.message.content) ? event.message.content : [];
          content.forEach((block, position) => {
            if (!isRecord(block)) return;
            const result = resultOf(block);
            if (result) events.push(result);
            if (!CALL_BLOCKS.has(block.type as string)) return;
            const key = `${message}:whole:${position}`;
            events.push(
              {
                kind: 'start',
                key,
                id: text(block.id),
                name: text(block.name) ?? '',
                ...(block.type === 'tool_use' ? {} : { providerExecuted: true }),
              },
              { kind: 'input', key, input: block.input ?? {} },
              { kind: 'end', key },
            );
          });
          break;
        }
        case 'content_block_start': {
          const block = isRecord(event.content_block) ? event.content_block : {};
          const result = resultOf(block);
          if (result) events.push(result);
          if (block.type === 'text' && text(block.text))
            events.push({ kind: 'text', text: block.text as string });
          if (!CALL_BLOCKS.has(block.type as string)) break;
          const key = `${message}:${index}`;
          blocks.set(index, { key, prefilled: block.input, delivered: false });
          events.push({
            kind: 'start',
            key,
            id: text(block.id),
            name: text(block.name) ?? '',
            ...(block.type === 'tool_use' ? {} : { providerExecuted: true }),
          });
          break;
        }
        case 'content_block_delta': {
          const delta = isRecord(event.delta) ? event.delta : {};
          if (delta.type === 'text_delta' && text(delta.text))
            events.push({ kind: 'text', text: delta.text as string });
          if (delta.type !== 'input_json_delta') break;
          const block = blocks.get(index);
          const json = typeof delta.partial_json === 'string' ? delta.partial_json : '';
          if (block && json !== '') block.delivered = true;
          if (!block || json !== '')
            events.push({ kind: 'delta', key: block ? block.key : `${message}:${index}`, text: json });
          break;
        }
        case 'content_block_stop': {
          const block = blocks.get(index);
          if (!block) break;
          if (!block.delivered) events.push({ kind: 'input', key: block.key, input: block.prefilled ?? {} });
          events.push({ kind: 'end', key: block.key });
          blocks.delete(index);
          break;
        }
        case 'message_stop':
          events.push({ kind: 'finish' });
          break;
        case 'error': {
          const error = isRecord(event.error) ? event.error : {};
          events.push({ kind: 'finish', error: text(error.message) ?? 'the stream reported an error' });
          break;
        }
      }
      return events;
    },
  };
}
