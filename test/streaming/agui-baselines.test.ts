/**
 * Replays the 40 recorded AG-UI server event streams through the tool-call assembler, and encodes the parts
 * back into AG-UI events that must pass @ag-ui/core's schemas and @ag-ui/client's ordering rules.
 * Data: test/fixtures/agui-events/dotnet-baselines, from ag-ui-protocol/ag-ui @821b8c2 (.NET SDK integration
 * baselines, MIT); see its README.md.
 */

import { createToolCallAssembler } from '@affordance/core';
import { type ToolCallPart, toAGUIEvents } from '@affordance/core/streaming';
import { verifyEvents } from '@ag-ui/client';
import { EventSchemas } from '@ag-ui/core/schemas';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { aguiBaselines } from '../support/streams-fixtures.js';
import { isPrefixConsistent } from '../support/streams-prefix-consistent.js';

type AnyEvent = Record<string, unknown> & { type: string };

const baselines = aguiBaselines();

async function verified(events: readonly object[]): Promise<unknown[]> {
  // biome-ignore lint/suspicious/noExplicitAny: verifyEvents is typed for @ag-ui/core's BaseEvent
  return lastValueFrom(from(events as any[]).pipe(verifyEvents(false), toArray()));
}

/** Per call: name and the concatenated argument text, in start order. */
function callsIn(events: readonly AnyEvent[]): Array<{ id: string; name: string; text: string }> {
  const calls = new Map<string, { id: string; name: string; text: string }>();
  for (const event of events) {
    const id = event.toolCallId as string;
    if (event.type === 'TOOL_CALL_START') calls.set(id, { id, name: event.toolCallName as string, text: '' });
    if (event.type === 'TOOL_CALL_ARGS') calls.get(id)!.text += event.delta as string;
  }
  return [...calls.values()];
}

describe('AG-UI .NET baselines', () => {
  it('holds the 40 recorded response streams', () => {
    expect(baselines).toHaveLength(40);
  });

  it.each(baselines.map(({ file, events }) => [file, events] as const))('%s', async (_file, raw) => {
    const events = raw as AnyEvent[];
    await expect(verified(events)).resolves.toHaveLength(events.length);
    const parts: ToolCallPart[] = [];
    const assembler = createToolCallAssembler({ onPart: (part) => parts.push(part), textDeltas: true });
    for (const event of events) assembler.push(event);
    await assembler.end();

    const expected = callsIn(events);
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls.map(({ id, name, input }) => ({ id, name, input }))).toEqual(
      expected.map(({ id, name, text }) => ({ id, name, input: JSON.parse(text) })),
    );
    for (const part of parts) {
      if (part.type !== 'tool-input-delta') continue;
      expect(isPrefixConsistent(part.partial, calls.find((call) => call.id === part.id)!.input)).toBe(true);
    }
    const started = new Set(expected.map((call) => call.id));
    for (const event of events.filter((event) => event.type === 'TOOL_CALL_RESULT')) {
      const id = event.toolCallId as string;
      const part = parts.find(
        (candidate) =>
          'id' in candidate &&
          candidate.id === id &&
          (candidate.type === 'tool-result' || candidate.type === 'tool-error'),
      );
      // A result for a call of an earlier run (turn 2 of a two-turn flow) is reported, with its content.
      if (started.has(id)) expect(part).toMatchObject({ type: 'tool-result', output: event.content });
      else
        expect(part).toMatchObject({
          type: 'tool-error',
          error: { code: 'unknown_call', details: { output: event.content } },
        });
    }
    expect(parts.filter((part) => part.type === 'tool-error' && part.error.code !== 'unknown_call')).toEqual(
      [],
    );
    const text = events
      .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
      .map((event) => event.delta)
      .join('');
    expect(parts.map((part) => (part.type === 'text-delta' ? part.delta : '')).join('')).toBe(text);

    const encoded = toAGUIEvents(parts, { threadId: 'thread-1', runId: 'run-1' }) as unknown as AnyEvent[];
    for (const event of encoded)
      expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
    await expect(verified(encoded)).resolves.toHaveLength(encoded.length);
    expect(callsIn(encoded).map(({ id, name, text }) => ({ id, name, input: JSON.parse(text) }))).toEqual(
      expected.map(({ id, name, text }) => ({ id, name, input: JSON.parse(text) })),
    );
    const results = (list: AnyEvent[]) =>
      list
        .filter((event) => event.type === 'TOOL_CALL_RESULT' && started.has(event.toolCallId as string))
        .map(({ toolCallId, content }) => ({ toolCallId, content }));
    expect(results(encoded)).toEqual(results(events));
  });
});
