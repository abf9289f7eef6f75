import { createPartialJsonParser, createRegistry, createToolCallAssembler } from '@affordance/core';
import type { ToolCallPart } from '@affordance/core/streaming';
import { paint } from './validation-calls.js';

const chat = (calls: object[], finish?: string) => ({
  choices: [{ index: 0, delta: { tool_calls: calls }, finish_reason: finish ?? null }],
});

/** Streamed text through the partial JSON parser, and two streamed calls (one valid, one not) through the assembler. */
export async function streamCalls(): Promise<{ partials: unknown[]; parts: ToolCallPart[] }> {
  const parser = createPartialJsonParser();
  const partials: unknown[] = [];
  for (const chunk of ['{"layers":[{"na', 'me":"sky"},{"name":"se', 'a"}],"color":"#0', '0ff00"}']) {
    parser.write(chunk);
    partials.push(structuredClone(parser.value()));
  }
  partials.push(parser.end());
  // Many objects of one shape: the parser then tries to compile a copier for it (refused under a strict CSP).
  const records = createPartialJsonParser();
  const text = JSON.stringify(
    Array.from({ length: 40 }, (_, id) => ({ id, name: `n${id}`, done: id % 2 === 0 })),
  );
  for (let at = 0; at < text.length; at += 7) {
    records.write(text.slice(at, at + 7));
    records.value();
  }
  partials.push(records.end());

  const parts: ToolCallPart[] = [];
  let time = 1000;
  const assembler = createToolCallAssembler({
    registry: createRegistry({ actions: [paint] }),
    now: () => time++,
    onPart: (part) => parts.push(part),
  });
  assembler.push(chat([{ index: 0, id: 'a', function: { name: 'paint', arguments: '{"col' } }]));
  assembler.push(chat([{ index: 1, id: 'b', function: { name: 'paint', arguments: '{"color":"red"' } }]));
  assembler.push(chat([{ index: 0, function: { arguments: 'or":"#A0B1C2"}' } }]));
  assembler.push(chat([{ index: 1, function: { arguments: ',"size":0}' } }], 'tool_calls'));
  await assembler.end();
  return { partials, parts: JSON.parse(JSON.stringify(parts)) };
}
