/**
 * Replays every recorded provider stream chunk by chunk through the tool-call assembler.
 * Data: test/fixtures/provider-streams, from vercel/ai @ed857f5 `packages/<provider>/src/__fixtures__`
 * (Apache-2.0); see its README.md.
 */

import { createToolCallAssembler } from '@affordance/core';
import { detectStreamFormat, type ToolCallPart, toAGUIEvents } from '@affordance/core/streaming';
import { verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { expectedCalls, providerStreamFiles, readChunks } from '../support/streams-fixtures.js';
import { isPrefixConsistent } from '../support/streams-prefix-consistent.js';

// Lines in the recordings that are not JSON (a truncated chunk in the upstream fixture); they are skipped.
const KNOWN_UNPARSABLE: Record<string, number[]> = {
  'openai/responses/parallel-tool-call-wrapper.1.chunks.txt': [1, 6],
};

const files = providerStreamFiles();

function formatOf(chunks: readonly Record<string, unknown>[]): string {
  const formats = new Set(chunks.map(detectStreamFormat).filter((format) => format !== undefined));
  expect(formats.size).toBe(1);
  return [...formats][0]!;
}

describe('recorded provider streams', () => {
  it('finds the recordings of every provider', () => {
    expect(files.length).toBeGreaterThanOrEqual(70);
    const providers = new Set(files.map((file) => file.split('/')[0]));
    expect(providers.size).toBeGreaterThanOrEqual(13); // moonshotai has no streamed recording
  });

  it.each(files)('%s: every call comes out whole, with prefix-consistent partial arguments', async (file) => {
    const { chunks, unparsable } = readChunks(file);
    expect(unparsable).toEqual(KNOWN_UNPARSABLE[file] ?? []);
    const format = formatOf(chunks);
    const expected = expectedCalls(format, chunks);

    const parts: ToolCallPart[] = [];
    const assembler = createToolCallAssembler({ onPart: (part) => parts.push(part) });
    const returned: ToolCallPart[] = [];
    for (const chunk of chunks) returned.push(...assembler.push(chunk));
    const states = await assembler.end();

    expect(returned).toEqual(parts);
    expect(parts.filter((part) => part.type === 'tool-error')).toEqual([]);
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls.map(({ name, input }) => ({ name, input }))).toEqual(
      expected.map(({ name, input }) => ({ name, input })),
    );
    expected.forEach((call, index) => {
      if (call.id) expect(calls[index]!.id).toBe(call.id);
    });
    for (const [index, call] of calls.entries()) {
      const deltas = parts.filter((part) => part.type === 'tool-input-delta' && part.id === call.id);
      const text = deltas.map((part) => (part.type === 'tool-input-delta' ? part.delta : '')).join('');
      if (expected[index]!.text !== undefined) expect(text).toBe(expected[index]!.text);
      for (const delta of deltas) {
        if (delta.type === 'tool-input-delta')
          expect(isPrefixConsistent(delta.partial, call.input), JSON.stringify(delta.partial)).toBe(true);
      }
      expect(parts.filter((part) => 'id' in part && part.id === call.id).map((part) => part.type)[0]).toBe(
        'tool-input-start',
      );
    }
    expect(
      states.map((state) => state.status).filter((status) => status === 'pending' || status === 'failed'),
    ).toEqual([]);

    // The same turn as AG-UI events: valid events in a valid order, carrying the same calls.
    const events = toAGUIEvents(parts, { threadId: 'thread', runId: 'run' });
    for (const event of events)
      expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
    const verified = await lastValueFrom(
      from(events as unknown as BaseEvent[]).pipe(verifyEvents(false), toArray()),
    );
    expect(verified).toHaveLength(events.length);
    const argsOf = (id: string) =>
      events
        .map((event) => (event.type === 'TOOL_CALL_ARGS' && event.toolCallId === id ? event.delta : ''))
        .join('');
    for (const call of calls) expect(JSON.parse(argsOf(call.id))).toEqual(call.input);
  });

  it('covers every format the assembler reads, with calls in each', () => {
    const callsByFormat = new Map<string, number>();
    for (const file of files) {
      const { chunks } = readChunks(file);
      const format = formatOf(chunks);
      callsByFormat.set(format, (callsByFormat.get(format) ?? 0) + expectedCalls(format, chunks).length);
    }
    expect([...callsByFormat.keys()].sort()).toEqual([
      'anthropic',
      'bedrock',
      'cohere',
      'gemini',
      'gemini-interactions',
      'openai-chat',
      'openai-responses',
    ]);
    for (const count of callsByFormat.values()) expect(count).toBeGreaterThan(0);
  });
});
