// What `offerRelevantTools` saves: prompt tokens of the tools a native model is offered in its first step, all
// available actions vs the 8 ranked best for the user's request (`registry.available({ query, limit: 8 })`), and
// whether the action the request needs is still among them. Tokens: o200k_base (js-tiktoken) over the JSON of the
// OpenAI tool list, an approximation of how a provider renders tools. Two registries: the canvas demo (its
// paraphrase set, editor user, the block selected) and 500 Seal-Tools actions (the gold tools of the dev queries
// first, filled up with the rest), lexical ranker.
// Run: node --conditions=@affordance/source --import tsx bench/agent-tool-tokens.bench.ts
import { createCanvasRegistry, createMemoryDocumentStore, DEMO_USERS, demoBlocks } from '@affordance/canvas';
import { createRegistry, defineAction, qualifiedName, type Registry } from '@affordance/core';
import { offerRelevantTools, runAgent } from '@affordance/core/agent';
import { createScriptedModel } from '@affordance/core/testing';
import { getEncoding } from 'js-tiktoken';
import { canvasParaphrases } from '../test/ranking/canvas-paraphrases.js';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';

const encoding = getEncoding('o200k_base');
const LIMIT = 8;

interface Request {
  readonly registry: Registry;
  readonly query: string;
  readonly expected: readonly string[];
  readonly target?: string;
  readonly user?: { id: string; roles: readonly string[] };
}

async function offered(request: Request, relevant: boolean): Promise<{ tokens: number; names: string[] }> {
  const model = createScriptedModel(['ok']);
  await runAgent({
    model,
    registry: request.registry,
    input: request.query,
    ...(request.target ? { target: request.target } : {}),
    ...(request.user ? { user: request.user } : {}),
    ...(relevant ? { prepareStep: offerRelevantTools({ limit: LIMIT }) } : {}),
  });
  const tools = (model.requests[0]?.tools ?? []) as Array<{ function: { name: string } }>;
  return {
    tokens: encoding.encode(JSON.stringify(tools)).length,
    names: tools.map((tool) => tool.function.name),
  };
}

async function measure(label: string, requests: readonly Request[]) {
  let all = 0;
  let few = 0;
  let kept = 0;
  let offeredAll = 0;
  let offeredFew = 0;
  for (const request of requests) {
    const every = await offered(request, false);
    const ranked = await offered(request, true);
    all += every.tokens;
    few += ranked.tokens;
    offeredAll += every.names.length;
    offeredFew += ranked.names.length;
    if (
      request.expected.every((name) =>
        ranked.names.some((got) => got === name || got === name.replace(/\./g, '_')),
      )
    )
      kept++;
  }
  const n = requests.length;
  console.log(
    `${label}: ${n} requests, tools offered per step ${(offeredAll / n).toFixed(1)} → ${(offeredFew / n).toFixed(1)} (done included); ` +
      `tool tokens per step ${(all / n).toFixed(0)} → ${(few / n).toFixed(0)} ` +
      `(${(100 * (1 - few / all)).toFixed(1)}% saved); needed action still offered in ${((100 * kept) / n).toFixed(1)}%`,
  );
}

const canvas = (locked: boolean) =>
  createCanvasRegistry({
    documents: createMemoryDocumentStore(demoBlocks().map((block) => ({ ...block, locked }))),
  }).registry;
const unlocked = canvas(false);
const locked = canvas(true);
await measure(
  'canvas demo',
  canvasParaphrases().map((request) => {
    const [scope, name] = request.expected.split('.') as [string, string];
    return {
      registry: request.expected.endsWith('.unlock') ? locked : unlocked,
      query: request.query,
      target: request.target,
      user: { ...DEMO_USERS.editor, roles: [...DEMO_USERS.editor.roles] },
      expected: [qualifiedName({ scope, name })],
    };
  }),
);

await measure(
  'canvas demo, no block selected',
  canvasParaphrases().map((request) => {
    const [scope, name] = request.expected.split('.') as [string, string];
    return {
      registry: request.expected.endsWith('.unlock') ? locked : unlocked,
      query: request.query,
      user: { ...DEMO_USERS.editor, roles: [...DEMO_USERS.editor.roles] },
      expected: [qualifiedName({ scope, name })],
    };
  }),
);

const queries = sealQueries().slice(0, 100);
const gold = new Set(queries.flatMap((query) => query.gold));
const seal = sealActions();
const chosen = [
  ...seal.filter((action) => gold.has(action.name)),
  ...seal.filter((action) => !gold.has(action.name)),
];
const big = createRegistry({ actions: chosen.slice(0, 500).map((definition) => defineAction(definition)) });
await measure(
  '500 Seal-Tools actions',
  queries.map((query) => ({ registry: big, query: query.query, expected: query.gold })),
);
