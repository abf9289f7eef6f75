/**
 * What @affordance/ai-sdk adds per tool call: the adapter's `execute` (registry.run through the whole pipeline, plus
 * the translation) beside `registry.run` alone and a plain AI SDK `tool()` whose `execute` calls the same handler
 * (no checks at all: the floor), and one `generateText` step over `ai/test`'s mock model with each tool set.
 * Run: node --conditions=@affordance/source --import tsx bench/ai-sdk-adapter.bench.ts [--quick]
 */
import { affordanceTools } from '@affordance/ai-sdk';
import { createRegistry, defineAction } from '@affordance/core';
import { generateText, type JSONSchema7, jsonSchema, type ToolSet, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { formatNs, type Measurement, measureAsync, table } from './measure.js';

const quick = process.argv.includes('--quick');
// Long warm-ups: each contender's first thousands of calls run before the optimising compiler is done with them.
const sizes = quick
  ? { batch: 500, samples: 7, warmup: 10_000 }
  : { batch: 2_000, samples: 15, warmup: 40_000 };
const loopSizes = quick
  ? { batch: 100, samples: 5, warmup: 1_000 }
  : { batch: 300, samples: 11, warmup: 3_000 };

const schema = {
  type: 'object',
  properties: { text: { type: 'string', maxLength: 200 }, pinned: { type: 'boolean' } },
  required: ['text'],
  additionalProperties: false,
} as const;
const handler = (input: { text: string }) => ({ added: input.text });
const registry = createRegistry({
  actions: [defineAction({ name: 'addNote', description: 'Add a note', input: schema, handler })],
});
const user = { id: 'alice', roles: ['editor'] };
const adapter = affordanceTools(registry, { user });
const plain: ToolSet = {
  addNote: tool({
    description: 'Add a note',
    inputSchema: jsonSchema<{ text: string }>(schema as unknown as JSONSchema7),
    execute: async (input: { text: string }) => handler(input),
  }),
};
const input = { text: 'buy milk', pinned: true };
const options = { toolCallId: 'call-1', messages: [] };

/** Contenders measured in turn, round after round; each one's median over the rounds (noise on a shared machine hits all alike). */
async function rounds(
  contenders: ReadonlyArray<readonly [string, () => Promise<unknown>]>,
  size: { batch: number; samples: number; warmup: number },
  count: number,
): Promise<Measurement[]> {
  const seen = contenders.map(() => [] as number[]);
  for (let round = 0; round < count; round++) {
    for (const [index, [name, operation]] of contenders.entries()) {
      const warmup = round === 0 ? size.warmup : size.batch;
      seen[index]!.push((await measureAsync(name, operation, { ...size, warmup })).nsPerOp);
    }
  }
  return contenders.map(([name], index) => {
    const sorted = [...seen[index]!].sort((a, b) => a - b);
    return { name, nsPerOp: sorted[Math.floor(sorted.length / 2)]!, ops: size.batch * size.samples * count };
  });
}

const ROUNDS = quick ? 3 : 7;
const [direct, run, adapted] = await rounds(
  [
    ['AI SDK tool() execute (handler only, no checks)', async () => plain.addNote!.execute!(input, options)],
    [
      'registry.run (the pipeline)',
      () =>
        // The call as the adapter builds it (same fields, same order): only the adapter's own work differs.
        registry.run({
          name: 'addNote',
          args: input,
          toolCallId: 'call-1',
          user,
          context: undefined,
          sessionId: undefined,
          signal: undefined,
        }),
    ],
    ['affordanceTools execute (pipeline + adapter)', async () => adapter.addNote!.execute!(input, options)],
  ],
  sizes,
  ROUNDS,
);

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const model = new MockLanguageModelV3({
  doGenerate: async () => ({
    content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'addNote', input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  }),
});
const step = (tools: ToolSet) => generateText({ model, tools, prompt: 'note milk' });
const [plainStep, adaptedStep] = await rounds(
  [
    ['generateText step, plain tool()', () => step(plain)],
    ['generateText step, affordanceTools', () => step(adapter)],
  ],
  loopSizes,
  ROUNDS,
);

console.log(table('One tool call', [direct!, run!, adapted!], direct!, 'plain tool'));
console.log(
  `\nAdapter translation over registry.run: ${formatNs(adapted!.nsPerOp - run!.nsPerOp)} per call; ` +
    `pipeline + adapter over a plain tool: ${formatNs(adapted!.nsPerOp - direct!.nsPerOp)}.\n`,
);
console.log(
  table(
    'One generateText step (mock model) with one tool call',
    [plainStep!, adaptedStep!],
    plainStep!,
    'plain tool',
  ),
);
console.log(
  `\nIn the AI SDK's own loop the adapter adds ${formatNs(adaptedStep!.nsPerOp - plainStep!.nsPerOp)} per call.`,
);
