// Recall for both intents: Seal-Tools dev (700 queries, 4,076 actions) and LiveMCPBench (94 tasks, 527 MCP tools)
// through `registry.available({ query, limit, intent })`, against MiniSearch and wink-bm25 fed the same tokens; BFCL
// v3 multiple / irrelevance with the threshold (`intent: 'relevant'`). Data: test/ranking/datasets.ts, livemcpbench.ts.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-recall.bench.ts [--halves] [--only=…]
//   [--seal-only | --livemcp-only | --bfcl-only] [--digits=N]
import { createRegistry, type RankIntent } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker, type Ranker } from '@affordance/core/ranking';
import { miniSearchEngine, winkEngine } from '../test/ranking/baseline-engines.js';
import { bfclQuestions, type SealQuery, sealActions, sealQueries } from '../test/ranking/datasets.js';
import {
  documentsOf,
  evaluateBfcl,
  evaluateRetrieval,
  type SearchEngine,
} from '../test/ranking/evaluate-ranking.js';
import { byToolName, liveMcpActions, liveMcpTasks } from '../test/ranking/livemcpbench.js';
import { packagedSynonyms } from '../test/ranking/packaged-synonyms.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';

const vectors = packagedWordVectors();
const synonyms = packagedSynonyms();
const rankers: Array<[string, () => Ranker]> = [
  ['lexical', () => createLexicalRanker()],
  ['lexical + synonyms', () => createLexicalRanker({ synonyms })],
  // What placing a request of several sentences by its sentences is worth (word vectors keep this order, recall first).
  ['lexical, bySentence: false', () => createLexicalRanker({ bySentence: false })],
  ...(vectors
    ? ([
        ['word vectors', () => createWordVectorRanker({ vectors })],
        ['word vectors + synonyms', () => createWordVectorRanker({ vectors, synonyms })],
      ] as Array<[string, () => Ranker]>)
    : []),
];
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice(7);
// `--halves`: each Seal-Tools and LiveMCPBench row also on the even-numbered queries (the tuning half, where misses may be read) and the
// odd-numbered ones (held out), as BFCL is split.
const halves = process.argv.includes('--halves');
const half = <T>(list: readonly T[], parity: number) => list.filter((_, at) => at % 2 === parity);
const evaluate = (engine: SearchEngine, label: string, all: readonly SealQuery[]) => {
  row(label, evaluateRetrieval(engine, all));
  if (!halves) return;
  row(`${label} (tuning half)`, evaluateRetrieval(engine, half(all, 0)));
  row(`${label} (held-out half)`, evaluateRetrieval(engine, half(all, 1)));
};
// `--digits=N`: recall and MRR to N decimals (default 3), to see how far a figure is from an aim.
const digits = Number(process.argv.find((argument) => argument.startsWith('--digits='))?.slice(9) ?? 3);
const row = (label: string, s: ReturnType<typeof evaluateRetrieval>) => {
  const [r1, r5, r10, mrr] = [s.recallAt1, s.recallAt5, s.recallAt10, s.mrr].map((x) => x.toFixed(digits));
  console.log(`| ${label} | ${r1} | ${r5} | ${r10} | ${mrr} | ${s.medianMs.toFixed(2)} |`);
};

const part = ['seal', 'livemcp', 'bfcl'].find((name) => process.argv.includes(`--${name}-only`));
const runs = (name: string) => part === undefined || part === name;

/** Every ranker through the registry with both intents, then the two baselines, on one retrieval set. */
function retrievalSection(
  title: string,
  actions: ReturnType<typeof sealActions>,
  queries: readonly SealQuery[],
  wrap: (engine: SearchEngine) => SearchEngine = (engine) => engine,
) {
  console.log(`\n## ${title}: ${queries.length} queries, ${actions.length} actions\n`);
  console.log('| engine | R@1 | R@5 | R@10 | MRR@10 | median ms |');
  for (const [label, make] of rankers) {
    if (only && !label.includes(only)) continue;
    const registry = createRegistry({ actions, ranker: make() });
    for (const intent of ['top', 'relevant'] as RankIntent[]) {
      const engine: SearchEngine = {
        name: label,
        add: () => {},
        search: (query, limit) =>
          registry.available({ query, limit, intent, include: 'available' }).map((entry) => entry.name),
      };
      evaluate(wrap(engine), `${label}, intent ${intent}`, queries);
    }
  }
  if (only) return;
  const documents = documentsOf(createRegistry({ actions }));
  for (const engine of [miniSearchEngine(), winkEngine()]) {
    engine.add(documents);
    evaluate(wrap(engine), engine.name, queries);
  }
}

if (runs('seal')) retrievalSection('Seal-Tools', sealActions(), sealQueries());
if (runs('livemcp')) {
  // A retrieved `<server>__<tool>` matches a gold tool name by its tool name (test/ranking/livemcpbench.ts).
  retrievalSection('LiveMCPBench', liveMcpActions(), liveMcpTasks(), byToolName);
}
if (!runs('bfcl')) process.exit(0);

const multiple = bfclQuestions('multiple');
const irrelevance = bfclQuestions('irrelevance');
console.log(
  '\n## BFCL v3 with the threshold: multiple / irrelevance (tuning half even, held-out half odd, all)\n',
);
for (const [label, make] of rankers) {
  if (only && !label.includes(only)) continue;
  const cell = (parity?: number) => {
    const score =
      parity === undefined
        ? evaluateBfcl(multiple, irrelevance, make)
        : evaluateBfcl(half(multiple, parity), half(irrelevance, parity), make);
    return `${score.multipleAccuracy.toFixed(3)} / ${score.irrelevanceRejected.toFixed(3)}`;
  };
  console.log(`| ${label} | ${cell(0)} | ${cell(1)} | ${cell()} |`);
}

console.log(
  '\n## BFCL v3 multiple (200) with the recall-first intent: R@1 and MRR of the gold among the 2-4 functions\n',
);
for (const [label, make] of rankers) {
  if (only && !label.includes(only)) continue;
  let first = 0;
  let reciprocal = 0;
  for (const question of multiple) {
    const registry = createRegistry({ actions: question.functions, ranker: make() });
    const names = registry.available({ query: question.query, intent: 'top' }).map((entry) => entry.name);
    const at = names.indexOf(question.gold!);
    if (at === 0) first++;
    if (at >= 0) reciprocal += 1 / (at + 1);
  }
  console.log(
    `| ${label} | ${(first / multiple.length).toFixed(3)} | ${(reciprocal / multiple.length).toFixed(3)} |`,
  );
}
