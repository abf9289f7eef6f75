/**
 * Per-call overhead of registry.run (validation, roles, `when`, in-memory rate limit and audit) beside the bare
 * handler, ajv + handler, zod + handler, LangChain tool().invoke and the Vercel AI SDK's parse-and-execute path;
 * and registry.tools() for 10,000 actions, cold and cached. Per-call figures are CPU time (process.cpuUsage), the
 * contenders taking turns round by round with a full collection before each batch, medians reported. Run: node --import tsx bench/core.bench.ts [--quick] [--base <ref>]; with
 * `--base`, the registry.run rows of that commit's core and this one's, in one process (see core-compare.ts).
 */
import { tool as langchainTool } from '@langchain/core/tools';
import { Ajv } from 'ajv';
import * as core from '../packages/core/src/index.js';
import { compareWithBase } from './core-compare.js';
import {
  coreCalls,
  handler,
  invalidArgs,
  jsonSchema,
  sdkCall,
  shape,
  user,
  validArgs,
  zodInput,
} from './core-fixtures.js';
import { createHandWrittenCall, createLeanCall } from './core-hand-written.js';
import { measureCpu, pairedRatio } from './core-measure.js';
import { formatNs, measureSync, table } from './measure.js';

const { createRegistry, defineAction } = core;
const quick = process.argv.includes('--quick');
// Big enough batches that each pays for its own garbage: a young-generation collection runs about every 2,000
// calls of registry.run, so a batch of 20,000 holds about ten of them (and starts with an empty young generation).
const batch = quick ? 5_000 : 20_000;
const rounds = quick ? 7 : 21;
// `--base <ref>` (or `--base=<ref>`): that commit's core beside this one, in one process.
const baseFlag = process.argv.findIndex((arg) => arg === '--base' || arg.startsWith('--base='));
const baseRef =
  baseFlag < 0 ? undefined : (process.argv[baseFlag]!.split('=')[1] ?? process.argv[baseFlag + 1]);

const calls = coreCalls(core);
const { registry } = calls;

const ajvValidate = new Ajv({ allErrors: true }).compile(jsonSchema);
const lcTool = langchainTool(async (input: { color: string }) => JSON.stringify(await handler(input)), {
  name: 'updateColor',
  description: "Change the shape's fill color",
  schema: zodInput,
});
const shapes = new Map([['shape-1', shape as never]]);
const handWritten = createHandWrittenCall({ schema: jsonSchema, shapes, handler });
const lean = createLeanCall({ schema: jsonSchema, shapes, handler });
const validText = JSON.stringify({ color: '#ff0000' });
const invalidText = JSON.stringify({ color: 'red' });

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
      { name: 'Affordance registry.run (object args)', operation: calls.valid },
      { name: 'Affordance registry.run (JSON text args)', operation: calls.validText },
      { name: 'Affordance registry.run, unscoped action with only a schema', operation: calls.schemaOnly },
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
        operation: calls.invalid,
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
  const schemaOnly = valid[7]!;
  const sdk = valid[8]!;
  console.log(
    `\nAim: schema-only registry.run no slower than the AI SDK's parse + execute → ${pairedRatio(schemaOnly, sdk).toFixed(2)}× (${formatNs(schemaOnly.nsPerOp)} against ${formatNs(sdk.nsPerOp)}, paired within rounds)`,
  );
  console.log(
    `Aim: valid call within 3× of zod + handler → ${paired(ourValid)}× (${formatNs(ourValid.nsPerOp)}; the same duties hand-tuned inline: ${paired(inline)}×, ${formatNs(inline.nsPerOp)}; registry.run ÷ hand-tuned: ${pairedRatio(ourValid, inline).toFixed(2)}); invalid call ≤ 5 µs → ${formatNs(invalid[1]!.nsPerOp)}`,
  );
}

if (baseRef) await compareWithBase(baseRef, { batch, rounds });
else await main();
