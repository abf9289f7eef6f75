/**
 * Per-call overhead of registry.run (validation, roles, `when`, in-memory rate limit and audit) beside the bare
 * handler, ajv + handler, zod + handler, LangChain tool().invoke and the Vercel AI SDK's parse-and-execute path;
 * and registry.tools() for 10,000 actions, cold and cached. Per-call figures are CPU time (process.cpuUsage), the
 * contenders taking turns round by round with a full collection before each batch, medians reported. Run: node --import tsx bench/core.bench.ts [--quick]
 */

import { createRegistry, defineAction, type Target } from '@affordance/core';
import { tool as aiTool, safeParseJSON, zodSchema } from '@ai-sdk/provider-utils';
import { tool as langchainTool } from '@langchain/core/tools';
import { Ajv } from 'ajv';
import { z } from 'zod';
import { createHandWrittenCall, createLeanCall } from './core-hand-written.js';
import { measureCpu, pairedRatio } from './core-measure.js';
import { formatNs, measureSync, table } from './measure.js';

const quick = process.argv.includes('--quick');
// Big enough batches that each pays for its own garbage: a young-generation collection runs about every 2,000
// calls of registry.run, so a batch of 20,000 holds about ten of them (and starts with an empty young generation).
const batch = quick ? 5_000 : 20_000;
const rounds = quick ? 7 : 21;

const jsonSchema = {
  type: 'object',
  properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
  required: ['color'],
  additionalProperties: false,
} as const;
const zodInput = z.object({ color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict();
const handler = async (input: { color: string }) => ({ color: input.color });

const shape: Target = { id: 'shape-1', type: 'shape', color: '#000000', locked: false };
const registry = createRegistry({
  targets: { get: (_type, id) => (id === 'shape-1' ? shape : undefined) },
  actions: [
    defineAction({
      name: 'updateColor',
      scope: 'shape',
      roles: ['editor'],
      description: "Change the shape's fill color",
      input: jsonSchema,
      rateLimit: { points: 1e12, duration: 3600 },
      when: ({ target }) => (target?.locked ? { available: false, reason: 'block is locked' } : true),
      handler: (input) => handler(input),
    }),
  ],
});
// The same handler as an unscoped action with nothing but its schema: what the pipeline costs on its own.
const plain = createRegistry({
  actions: [
    defineAction({
      name: 'paint',
      description: 'Paint with a color',
      input: jsonSchema,
      handler: (input) => handler(input),
    }),
  ],
});
const user = { id: 'u1', roles: ['editor'] };
const validArgs = { blockId: 'shape-1', color: '#ff0000' };
const invalidArgs = { blockId: 'shape-1', color: 'red' };

const ajvValidate = new Ajv({ allErrors: true }).compile(jsonSchema);
const lcTool = langchainTool(async (input: { color: string }) => JSON.stringify(await handler(input)), {
  name: 'updateColor',
  description: "Change the shape's fill color",
  schema: zodInput,
});
const sdkTool = aiTool({
  description: "Change the shape's fill color",
  inputSchema: zodInput,
  execute: handler,
});
const sdkSchema = zodSchema(zodInput);
const shapes = new Map([['shape-1', shape as never]]);
const handWritten = createHandWrittenCall({ schema: jsonSchema, shapes, handler });
const lean = createLeanCall({ schema: jsonSchema, shapes, handler });
const validText = JSON.stringify({ color: '#ff0000' });
const invalidText = JSON.stringify({ color: 'red' });

async function sdkCall(text: string) {
  const parsed = await safeParseJSON({ text, schema: sdkSchema });
  if (!parsed.success) return { error: parsed.error.message };
  return sdkTool.execute!(parsed.value, { toolCallId: 'c1', messages: [] });
}

async function main() {
  // Sanity: every contender really validates.
  const ours = await registry.run({ name: 'shape_updateColor', args: invalidArgs, user });
  if (ours.ok) throw new Error('registry accepted an invalid call');
  if (!('error' in (await sdkCall(invalidText)))) throw new Error('AI SDK accepted an invalid call');
  for (const call of [handWritten, lean])
    if (((await call(invalidArgs, user)) as { ok: boolean }).ok)
      throw new Error('a hand-written call accepted an invalid call');

  const options = { batch, rounds };
  const valid = await measureCpu(
    [
      { name: 'bare handler (floor)', operation: () => handler({ color: '#ff0000' }) },
      {
        name: 'ajv + handler',
        operation: () => {
          if (!ajvValidate({ color: '#ff0000' })) throw new Error('invalid');
          return handler({ color: '#ff0000' });
        },
      },
      { name: 'zod parse + handler', operation: () => handler(zodInput.parse({ color: '#ff0000' })) },
      {
        name: 'the same duties hand-written inline, tuned (the floor for this work)',
        operation: () => lean(validArgs, user),
      },
      {
        name: 'the same duties hand-written inline, straightforward',
        operation: () => handWritten(validArgs, user),
      },
      {
        name: 'Affordance registry.run (object args)',
        operation: () => registry.run({ name: 'shape_updateColor', args: validArgs, user }),
      },
      {
        name: 'Affordance registry.run (JSON text args)',
        operation: () =>
          registry.run({ name: 'shape_updateColor', args: '{"blockId":"shape-1","color":"#ff0000"}', user }),
      },
      {
        name: 'Affordance registry.run, unscoped action with only a schema',
        operation: () => plain.run({ name: 'paint', args: { color: '#ff0000' }, user }),
      },
      { name: 'Vercel AI SDK parse + execute', operation: () => sdkCall(validText) },
    ],
    options,
  );
  // LangChain last: it leaves the most garbage behind.
  valid.push(
    ...(await measureCpu(
      [{ name: 'LangChain tool().invoke', operation: () => lcTool.invoke({ color: '#ff0000' }), scale: 0.1 }],
      options,
    )),
  );
  const zodFloor = valid[2]!;
  const invalid = await measureCpu(
    [
      {
        name: 'zod safeParse + message',
        operation: () => {
          const result = zodInput.safeParse({ color: 'red' });
          return result.success ? handler(result.data) : result.error.message;
        },
      },
      {
        name: 'Affordance registry.run → invalid_args + fix-it message',
        operation: () => registry.run({ name: 'shape_updateColor', args: invalidArgs, user }),
      },
      { name: 'Vercel AI SDK parse + execute (invalid)', operation: () => sdkCall(invalidText) },
    ],
    options,
  );
  invalid.push(
    ...(await measureCpu(
      [
        {
          name: 'LangChain tool().invoke (invalid)',
          operation: () => lcTool.invoke({ color: 'red' }).catch((error: Error) => error.message),
          scale: 0.1,
        },
      ],
      options,
    )),
  );

  const many = createRegistry({
    actions: Array.from({ length: 10_000 }, (_, index) =>
      defineAction({
        name: `action${index}`,
        scope: index % 2 ? 'shape' : undefined,
        description: `Action number ${index}`,
        input: {
          type: 'object',
          properties: { value: { type: 'string' }, count: { type: 'integer' } },
          required: ['value'],
        },
        handler: () => index,
      }),
    ),
  });
  const toolRows = [
    measureSync(
      'registry.tools({ format: "openai" }), 10,000 actions, cold',
      () => {
        many.register(
          defineAction({ name: 'bump', description: 'Invalidates the cache', handler: () => 0 }),
          { replace: true },
        );
        return many.tools({ format: 'openai' });
      },
      { batch: 1, samples: quick ? 3 : 7 },
    ),
    measureSync(
      'registry.tools({ format: "openai" }), 10,000 actions, cached',
      () => many.tools({ format: 'openai' }),
      { batch: 1000, samples: 7 },
    ),
    measureSync(
      'registry.tools({ format: "anthropic", user }), 10,000 actions, filtered',
      () => many.tools({ format: 'anthropic', user }),
      { batch: 1, samples: quick ? 3 : 7 },
    ),
  ];

  console.log(table('Valid call (CPU time per call)', valid, zodFloor, 'zod + handler'));
  console.log();
  console.log(
    table('Invalid call, with the error message (CPU time per call)', invalid, invalid[0]!, 'zod safeParse'),
  );
  console.log();
  console.log(
    [
      '### registry.tools()',
      '',
      '| what | time |',
      '|---|---:|',
      ...toolRows.map((row) => `| ${row.name} | ${formatNs(row.nsPerOp)} |`),
    ].join('\n'),
  );
  const ourValid = valid[5]!;
  const inline = valid[3]!;
  // Ratios within each round (the contenders took turns), then their median: robust to the machine's drift.
  const paired = (of: (typeof valid)[number]) => pairedRatio(of, zodFloor).toFixed(2);
  console.log(
    `\nAim: valid call within 3× of zod + handler → ${paired(ourValid)}× (${formatNs(ourValid.nsPerOp)}; the same duties hand-tuned inline: ${paired(inline)}×, ${formatNs(inline.nsPerOp)}; registry.run ÷ hand-tuned: ${pairedRatio(ourValid, inline).toFixed(2)}); invalid call ≤ 5 µs → ${formatNs(invalid[1]!.nsPerOp)}`,
  );
}

await main();
