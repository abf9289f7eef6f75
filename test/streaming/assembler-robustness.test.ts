/**
 * Mangled provider chunks never crash the assembler: whatever arrives, push() returns parts and every
 * problem is a typed tool-error. Seeds: the recorded streams in test/fixtures/provider-streams (vercel/ai
 * @ed857f5 fixtures, Apache-2.0) and test/fixtures/agui-events (ag-ui-protocol/ag-ui @821b8c2, MIT).
 */

import { createToolCallAssembler } from '@affordance/core';
import type { ToolCallPart } from '@affordance/core/streaming';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aguiBaselines, providerStreamFiles, readChunks } from '../support/streams-fixtures.js';

const seeds: Array<Record<string, unknown>[]> = [
  ...providerStreamFiles().map((file) => readChunks(file).chunks),
  ...aguiBaselines().map(({ events }) => events),
];

const ERROR_CODES = new Set([
  'incomplete_input',
  'unknown_call',
  'duplicate_call',
  'out_of_order',
  'invalid_event',
  'invalid_json',
  'aborted',
]);

/** Replace the value at one random place in a chunk (deep) with a random JSON value, or delete it. */
function mangle(value: unknown, path: readonly number[], replacement: unknown, remove: boolean): unknown {
  if (value === null || typeof value !== 'object' || path.length === 0) return replacement;
  const entries = Object.entries(value);
  if (entries.length === 0) return replacement;
  const [head, ...rest] = path as [number, ...number[]];
  const index = head % entries.length;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const key = entries[index]![0];
  if (remove && rest.length === 0) delete (copy as Record<string, unknown>)[key];
  else (copy as Record<string, unknown>)[key] = mangle(entries[index]![1], rest, replacement, remove);
  return copy;
}

describe('assembler robustness', () => {
  it('mangled chunks of every recorded stream give parts or typed errors, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.array(fc.nat(), { maxLength: 6 }),
            fc.jsonValue({ maxDepth: 2 }),
            fc.boolean(),
          ),
          { maxLength: 12 },
        ),
        async (seed, mutations) => {
          const chunks = [...seeds[seed]!];
          for (const [at, path, replacement, remove] of mutations) {
            if (chunks.length === 0) break;
            const index = at % chunks.length;
            chunks[index] = mangle(chunks[index], path, replacement, remove) as Record<string, unknown>;
          }
          const parts: ToolCallPart[] = [];
          const assembler = createToolCallAssembler({ onPart: (part) => parts.push(part) });
          for (const chunk of chunks) assembler.push(chunk);
          await assembler.end();
          for (const part of parts) {
            if (part.type === 'tool-error')
              expect(
                ERROR_CODES.has(part.error.code) || part.error.code === 'handler_error',
                part.error.code,
              ).toBe(true);
          }
          for (const state of assembler.calls())
            expect(['executing', 'complete', 'failed']).toContain(state.status);
        },
      ),
      { numRuns: 300 },
    );
  });
});
