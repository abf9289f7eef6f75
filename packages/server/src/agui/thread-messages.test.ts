import type { ChatMessage } from '@affordance/core/ports';
import { MessageSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { threadMessagesOf } from './thread-messages.js';

const at = '2026-11-25T10:00:00.000Z';
const stored = (position: number, message: Omit<ChatMessage, 'sessionId' | 'position' | 'createdAt'>) => ({
  sessionId: 't1',
  position,
  createdAt: at,
  ...message,
});

describe('threadMessagesOf', () => {
  it('answers AG-UI messages: client ids without the thread prefix, one tool message per result, failures as error', () => {
    const messages = threadMessagesOf('t1', [
      stored(1, { id: 't1:u1', role: 'user', content: 'Paint both' }),
      stored(2, {
        id: 't1:a1',
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'c1', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } },
          { id: 'c2', name: 'shape_updateColor', args: { blockId: 'shape-2', color: '#ff0000' } },
        ],
      }),
      stored(3, {
        id: 'msg_9',
        role: 'tool',
        content: '',
        toolResults: [
          { toolCallId: 'c1', name: 'shape_updateColor', ok: true, output: 'done' },
          { toolCallId: 'c2', name: 'shape_updateColor', ok: false, output: 'block is locked' },
        ],
      }),
      // Another thread's prefix is not this one's: the id stays whole.
      stored(4, { id: 't10:x', role: 'system', content: 'Be brief' }),
    ]);
    expect(messages).toEqual([
      { id: 'u1', role: 'user', content: 'Paint both' },
      {
        id: 'a1',
        role: 'assistant',
        content: '',
        toolCalls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'shape_updateColor', arguments: '{"blockId":"shape-1","color":"#ff0000"}' },
          },
          {
            id: 'c2',
            type: 'function',
            function: { name: 'shape_updateColor', arguments: '{"blockId":"shape-2","color":"#ff0000"}' },
          },
        ],
      },
      { id: 'msg_9:0', role: 'tool', toolCallId: 'c1', content: 'done' },
      { id: 'msg_9:1', role: 'tool', toolCallId: 'c2', content: 'block is locked', error: 'block is locked' },
      { id: 't10:x', role: 'system', content: 'Be brief' },
    ]);
    for (const message of messages) expect(MessageSchema.safeParse(message).success).toBe(true);
  });
});
