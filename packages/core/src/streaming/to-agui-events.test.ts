import { verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createToolCallAssembler } from './create-tool-call-assembler.js';
import { type AGUIEncoderOptions, toAGUIEvents } from './to-agui-events.js';
import type { ToolCallPart } from './tool-call-parts.js';

function ids(): AGUIEncoderOptions {
  let next = 0;
  return { threadId: 'thread', runId: 'run', messageId: () => `m${++next}` };
}

async function check(events: readonly object[]): Promise<void> {
  for (const event of events) expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
  const verified = lastValueFrom(
    from(events as Parameters<typeof from<BaseEvent[]>>[0]).pipe(verifyEvents(false), toArray()),
  );
  await expect(verified).resolves.toHaveLength(events.length);
}

function partsOf(
  chunks: readonly object[],
  options: Parameters<typeof createToolCallAssembler>[0] = {},
): Promise<ToolCallPart[]> {
  const parts: ToolCallPart[] = [];
  const assembler = createToolCallAssembler({ ...options, onPart: (part) => parts.push(part) });
  for (const chunk of chunks) assembler.push(chunk);
  return assembler.end().then(() => parts);
}

describe('toAGUIEvents', () => {
  it('streams argument text as it comes and ends with the run', async () => {
    const parts = await partsOf(
      [
        { choices: [{ index: 0, delta: { content: 'Checking.' } }] },
        {
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [{ index: 0, id: 'c1', function: { name: 'weather', arguments: '{"city":' } }],
              },
            },
          ],
        },
        {
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] },
              finish_reason: 'tool_calls',
            },
          ],
        },
      ],
      { textDeltas: true, execute: ({ input }) => ({ sky: 'clear', ...(input as object) }) },
    );
    const events = toAGUIEvents(parts, { ...ids(), parentMessageId: 'assistant-1' });
    expect(events).toEqual([
      { type: 'RUN_STARTED', threadId: 'thread', runId: 'run' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Checking.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'weather', parentMessageId: 'assistant-1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"Oslo"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      {
        type: 'TOOL_CALL_RESULT',
        messageId: 'm2',
        toolCallId: 'c1',
        content: '{"sky":"clear","city":"Oslo"}',
        role: 'tool',
      },
      { type: 'RUN_FINISHED', threadId: 'thread', runId: 'run' },
    ]);
    await check(events);
  });

  it('sends arguments that arrive as values (Gemini) as one JSON delta before the end', async () => {
    const parts = await partsOf([
      {
        candidates: [
          {
            content: { parts: [{ functionCall: { id: 'g1', name: 'weather', args: { city: 'Rome' } } }] },
            finishReason: 'STOP',
          },
        ],
      },
    ]);
    const events = toAGUIEvents(parts, ids());
    expect(events.slice(1, -1)).toEqual([
      { type: 'TOOL_CALL_START', toolCallId: 'g1', toolCallName: 'weather' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'g1', delta: '{"city":"Rome"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'g1' },
    ]);
    await check(events);
  });

  it('closes broken and cut-off calls and reports why in a result, then RUN_ERROR when asked', async () => {
    const parts = await partsOf([
      { type: 'TOOL_CALL_START', toolCallId: 'bad', toolCallName: 'x' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'bad', delta: '{"a" 1}' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'ghost', delta: '{}' },
      { type: 'TOOL_CALL_START', toolCallId: 'cut', toolCallName: 'y' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'cut', delta: '{"b": [' },
    ]);
    const events = toAGUIEvents(parts, {
      ...ids(),
      error: { message: 'model stream dropped', code: 'upstream' },
    });
    expect(events.slice(1)).toEqual([
      { type: 'TOOL_CALL_START', toolCallId: 'bad', toolCallName: 'x' },
      { type: 'TOOL_CALL_END', toolCallId: 'bad' },
      {
        type: 'TOOL_CALL_RESULT',
        messageId: 'm1',
        toolCallId: 'bad',
        role: 'tool',
        content: expect.stringMatching(
          /^Error \(invalid_json\): the arguments of x \(bad\) are not valid JSON/,
        ),
      },
      { type: 'TOOL_CALL_START', toolCallId: 'cut', toolCallName: 'y' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'cut', delta: '{"b": [' },
      { type: 'TOOL_CALL_END', toolCallId: 'cut' },
      {
        type: 'TOOL_CALL_RESULT',
        messageId: 'm2',
        toolCallId: 'cut',
        role: 'tool',
        content: 'Error (incomplete_input): the stream ended before the arguments of this call were complete',
      },
      { type: 'RUN_ERROR', message: 'model stream dropped', code: 'upstream' },
    ]);
    await check(events);
  });

  it('adds integer timestamps when given a clock, and ends calls left open', async () => {
    const events = toAGUIEvents(
      [
        { type: 'tool-input-start', id: 'o', name: 'open' },
        { type: 'tool-input-delta', id: 'o', delta: '{', partial: {} },
      ],
      { ...ids(), now: () => 1234.9 },
    );
    expect(events.map((event) => [event.type, event.timestamp])).toEqual([
      ['RUN_STARTED', 1234],
      ['TOOL_CALL_START', 1234],
      ['TOOL_CALL_ARGS', 1234],
      ['TOOL_CALL_END', 1234],
      ['RUN_FINISHED', 1234],
    ]);
    await check(events);
  });
});
