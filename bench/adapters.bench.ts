/**
 * Per-call cost of the agent-framework adapters: one tool call through `@affordance/langchain` and
 * `@affordance/openai-agents` beside the same tool written directly with the library (same JSON schema, the handler
 * called inline) and beside `registry.run` alone. The difference to the library's own tool is what the adapter and
 * the pipeline add; the difference to `registry.run` is the translation alone. Then one whole agent turn (a tool
 * call and an answer, from each library's own loop with a scripted model) with either tool.
 * Run: node --conditions=@affordance/source --import tsx bench/adapters.bench.ts [--quick]
 */
import { createRegistry, defineAction } from '@affordance/core';
import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { DynamicStructuredTool, tool as langchainTool } from '@langchain/core/tools';
import { Agent, tool as agentsTool, RunContext, run, setTracingDisabled } from '@openai/agents';
import { createAgent } from 'langchain';
import { langchainTools } from '../packages/langchain/src/index.js';
import { agentsTools } from '../packages/openai-agents/src/index.js';
import { callsTool, ScriptedModel, says } from '../packages/openai-agents/src/scripted-model.fixture.js';
import { formatNs, type Measurement, measureAsync } from './measure.js';

setTracingDisabled(true);
const quick = process.argv.includes('--quick');
const CALLS = { batch: quick ? 200 : 1_000, samples: quick ? 5 : 15 };
const TURNS = { batch: quick ? 20 : 100, samples: quick ? 5 : 11, warmup: quick ? 20 : 200 };

const schema: {
  type: 'object';
  properties: Record<string, { type: 'string'; pattern: string }>;
  required: string[];
  additionalProperties: false;
} = {
  type: 'object',
  properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
  required: ['color'],
  additionalProperties: false,
};
const handler = async (input: { color: string }) => ({ color: input.color });
const registry = createRegistry({
  actions: [defineAction({ name: 'setColor', description: 'Set the fill color', input: schema, handler })],
});
const user = { id: 'bench-user' };
const args = { color: '#ff0000' };

// LangChain: a ToolCall in, a ToolMessage out.
const lcPlain = langchainTool(async (input: { color: string }) => JSON.stringify(await handler(input)), {
  name: 'setColor',
  description: 'Set the fill color',
  schema,
}) as unknown as DynamicStructuredTool;
// The same without `tool()`'s wrapper (it runs the function under AsyncLocalStorage with a child config, the larger
// part of its cost here): the class the adapter's tools extend.
const lcClass = new DynamicStructuredTool({
  name: 'setColor',
  description: 'Set the fill color',
  schema,
  func: async (input: { color: string }) => JSON.stringify(await handler(input)),
});
const [lcOurs] = langchainTools(registry);
const toolCall = { type: 'tool_call' as const, id: 'call-1', name: 'setColor', args };
const lcConfig = { configurable: { user } };

// Agents SDK: a function call's JSON arguments in, the output out.
const sdkPlain = agentsTool({
  name: 'setColor',
  description: 'Set the fill color',
  parameters: schema,
  strict: true,
  execute: async (input) => JSON.stringify(await handler(input as { color: string })),
});
const [sdkOurs] = agentsTools(registry);
const runContext = new RunContext({ user });
const functionCall = {
  type: 'function_call' as const,
  callId: 'call-1',
  name: 'setColor',
  arguments: JSON.stringify(args),
};

/**
 * Measure each pair twice, in the order library, adapter, adapter, library, and keep each one's faster round: both
 * are measured once right after the other, so garbage one leaves behind is charged to the other as much as the
 * other way round.
 */
async function pair(
  plain: [string, () => Promise<unknown>],
  ours: [string, () => Promise<unknown>],
  options: { batch: number; samples: number; warmup?: number },
): Promise<[Measurement, Measurement]> {
  const plainFirst = await measureAsync(plain[0], plain[1], options);
  const oursFirst = await measureAsync(ours[0], ours[1], options);
  const oursSecond = await measureAsync(ours[0], ours[1], options);
  const plainSecond = await measureAsync(plain[0], plain[1], options);
  const faster = (a: Measurement, b: Measurement) => (a.nsPerOp <= b.nsPerOp ? a : b);
  return [faster(plainFirst, plainSecond), faster(oursFirst, oursSecond)];
}

const pipeline = await measureAsync(
  'registry.run (the pipeline alone)',
  () => registry.run({ name: 'setColor', args, user }),
  CALLS,
);
// Every call a new tool call id, as from a model (the adapter makes the id the call's idempotency key).
let nextId = 0;
const freshCall = () => ({ ...toolCall, id: `call-${nextId++}` });
const [lcLib, lcAdapter] = await pair(
  [
    'LangChain new DynamicStructuredTool .invoke(toolCall), handler inline',
    () => lcClass.invoke(freshCall()),
  ],
  ['@affordance/langchain tool .invoke(toolCall)', () => lcOurs!.invoke(freshCall(), lcConfig)],
  CALLS,
);
const [lcTool] = await pair(
  ['LangChain tool().invoke(toolCall), handler inline', () => lcPlain.invoke(freshCall())],
  ['@affordance/langchain tool .invoke(toolCall)', () => lcOurs!.invoke(freshCall(), lcConfig)],
  CALLS,
);
const [sdkLib, sdkAdapter] = await pair(
  [
    'Agents SDK tool().invoke, handler inline',
    () => sdkPlain.invoke(runContext, functionCall.arguments, { toolCall: functionCall }),
  ],
  [
    '@affordance/openai-agents tool .invoke',
    () => sdkOurs!.invoke(runContext, functionCall.arguments, { toolCall: functionCall }),
  ],
  CALLS,
);
const calls = [pipeline, lcTool, lcLib, lcAdapter, sdkLib, sdkAdapter];

const lcTurn = (tools: readonly unknown[]) => () =>
  createAgent({
    model: fakeModel()
      .respondWithTools([{ name: 'setColor', args, id: `turn-${nextId++}` }])
      .respond(new AIMessage('done')),
    tools: tools as never,
  }).invoke({ messages: [{ role: 'user', content: 'red' }] }, lcConfig);
const sdkTurn = (tools: readonly unknown[]) => () =>
  run(
    new Agent({
      name: 'bench',
      model: new ScriptedModel([callsTool('setColor', args, 'call-1'), says('done')]),
      tools: tools as never,
    }),
    'red',
    { context: { user } },
  );
const [lcTurnLib, lcTurnOurs] = await pair(
  ['createAgent turn, LangChain tool()', lcTurn([lcPlain])],
  ['createAgent turn, @affordance/langchain', lcTurn([lcOurs])],
  TURNS,
);
const [sdkTurnLib, sdkTurnOurs] = await pair(
  ['Agents SDK run(), SDK tool()', sdkTurn([sdkPlain])],
  ['Agents SDK run(), @affordance/openai-agents', sdkTurn([sdkOurs])],
  TURNS,
);
const turns = [lcTurnLib, lcTurnOurs, sdkTurnLib, sdkTurnOurs];

const line = (row: Measurement) => `| ${row.name} | ${formatNs(row.nsPerOp)} |`;
const over = (ours: Measurement, plain: Measurement) => {
  const ns = ours.nsPerOp - plain.nsPerOp;
  return ns < 0 ? `−${formatNs(-ns)} (less)` : formatNs(ns);
};
console.log(['### One tool call', '', '| what | per call |', '|---|---:|', ...calls.map(line)].join('\n'));
console.log(
  [
    '',
    '### One agent turn (tool call + answer)',
    '',
    '| what | per turn |',
    '|---|---:|',
    ...turns.map(line),
  ].join('\n'),
);
console.log(
  [
    '',
    `LangChain: the adapter adds ${over(lcAdapter, lcLib)} per call over a DynamicStructuredTool (${over(lcAdapter, lcTool)} over a tool(); ${over(lcAdapter, pipeline)} over registry.run), ${over(lcTurnOurs, lcTurnLib)} per agent turn.`,
    `Agents SDK: the adapter adds ${over(sdkAdapter, sdkLib)} per call over the library's own tool (${over(sdkAdapter, pipeline)} over registry.run), ${over(sdkTurnOurs, sdkTurnLib)} per agent turn.`,
  ].join('\n'),
);
