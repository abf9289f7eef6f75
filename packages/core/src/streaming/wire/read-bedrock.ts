import { isRecord, numberOrUndefined, text, type WireEvent, type WireReader } from './wire-event.js';

/**
 * Reads Amazon Bedrock ConverseStream events: `contentBlockStart.start.toolUse`, string `toolUse.input`
 * deltas, `contentBlockStop`, and `messageStop` at the end of the message.
 */
export function createBedrockReader(): WireReader {
  const blocks = new Map<number, string>();
  let sequence = 0;
  return {
    read(event) {
      const events: WireEvent[] = [];
      if (isRecord(event.contentBlockStart)) {
        const { contentBlockIndex, start } = event.contentBlockStart;
        const toolUse = isRecord(start) && isRecord(start.toolUse) ? start.toolUse : undefined;
        if (toolUse) {
          const key = `block-${sequence++}`;
          blocks.set(numberOrUndefined(contentBlockIndex) ?? -1, key);
          events.push({ kind: 'start', key, id: text(toolUse.toolUseId), name: text(toolUse.name) ?? '' });
        }
      }
      if (isRecord(event.contentBlockDelta)) {
        const { contentBlockIndex, delta } = event.contentBlockDelta;
        if (isRecord(delta) && text(delta.text)) events.push({ kind: 'text', text: delta.text as string });
        const toolUse = isRecord(delta) && isRecord(delta.toolUse) ? delta.toolUse : undefined;
        const input = toolUse && typeof toolUse.input === 'string' ? toolUse.input : '';
        if (input !== '') {
          events.push({
            kind: 'delta',
            key:
              blocks.get(numberOrUndefined(contentBlockIndex) ?? -1) ??
              `block-at-${numberOrUndefined(contentBlockIndex) ?? '?'}`,
            text: input,
          });
        }
      }
      if (isRecord(event.contentBlockStop)) {
        const index = numberOrUndefined(event.contentBlockStop.contentBlockIndex) ?? -1;
        const key = blocks.get(index);
        if (key) events.push({ kind: 'end', key });
        blocks.delete(index);
      }
      if (isRecord(event.messageStop)) {
        blocks.clear();
        events.push({ kind: 'finish' });
      }
      return events;
    },
  };
}
