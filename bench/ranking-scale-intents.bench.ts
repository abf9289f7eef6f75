// Query time of both intents at 10,000 actions (Seal-Tools grown with perturbed copies, as in ranking.bench.ts):
// median CPU time per query over every 7th Seal query × 8 rounds (and the fastest round's median), for
// `rank(query, { limit: 10 })` (threshold) and `match(query, { limit: 40 })` and `match(query)` (recall first),
// lexical and word-vector rankers (and word vectors with `bySentence: false`), between two timings of a fixed piece
// of work that show the host's speed. Each median is also given for the requests of one sentence and of several (whose
// sentences are ranked on their own as well, unless `bySentence: false`); last, the two word-vector rankers take turns
// on the requests of several sentences.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-scale-intents.bench.ts [size]
import { defineAction, qualifiedName } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker, rankDocumentOf } from '@affordance/core/ranking';
import { requestParts } from '../packages/core/src/ranking/request-parts.js';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';
import { median } from '../test/ranking/evaluate-ranking.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { growActions } from '../test/ranking/synthetic-actions.js';
import { hostReference } from './host-speed.js';

const size = Number(process.argv[2] ?? 10_000);
const ROUNDS = 8;
const documents = growActions(sealActions(), size).map((definition) => {
  const action = defineAction(definition);
  return rankDocumentOf(action, qualifiedName(action));
});
const queries = sealQueries()
  .filter((_, at) => at % 7 === 0)
  .map((query) => query.query);
// The requests of several sentences.
const several = queries.map((query) => requestParts(query).length > 1);
const count = several.filter(Boolean).length;
const vectors = packagedWordVectors();
// The trade for speed: a request of several sentences in one pass, its sentences not placed on their own.
const trade = vectors && {
  placed: createWordVectorRanker({ vectors }),
  flat: createWordVectorRanker({ vectors, bySentence: false }),
};
const rankers = [
  ['lexical', createLexicalRanker()],
  ...(trade
    ? ([
        ['word vectors', trade.placed],
        ['word vectors, bySentence: false', trade.flat],
      ] as const)
    : []),
] as const;
const cpu = (run: () => void) => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
console.log(
  `${documents.length} actions, ${queries.length} queries × ${ROUNDS} rounds, median CPU ms per query ` +
    `(${queries.length - count} of one sentence, ${count} of several)`,
);
console.log(
  `host reference before: ${hostReference().toFixed(0)} ms (the same work every run; see host-speed.ts)`,
);
for (const [label, ranker] of rankers) {
  for (const document of documents) ranker.add(document);
  for (const [intent, ask] of [
    ['relevant: rank(query, { limit: 10 })', (query: string) => ranker.rank(query, { limit: 10 })],
    // What `available({ query, limit: 10, intent: 'top' })` asks for: a head of 4 × limit.
    ['top: match(query, { limit: 40 })', (query: string) => ranker.match(query, { limit: 40 })],
    ['top: match(query), every match', (query: string) => ranker.match(query)],
  ] as const) {
    ask(queries[0]!);
    const times: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) times.push(queries.map((query) => cpu(() => ask(query))));
    // Over every round, and the fastest round's median: the code at the host's full speed (a slow spell of the host
    // slows a whole round); of all the requests, then of those of one sentence and of several.
    const of = (many?: boolean) => {
      const these = (round: number[]) =>
        many === undefined ? round : round.filter((_, at) => several[at] === many);
      const fastest = Math.min(...times.map((round) => median(these(round))));
      return `${median(times.flatMap(these)).toFixed(2)} ms (fastest round ${fastest.toFixed(2)})`;
    };
    console.log(`${label}, ${intent}: ${of()}; one sentence ${of(false)}, several ${of(true)}`);
  }
}
if (trade) {
  // The trade timed side by side: the two take turns round by round over the requests of several sentences, so a slow
  // spell of the host falls on both (rankers timed one after the other above can each meet another speed).
  const many = queries.filter((_, at) => several[at]);
  const medians: [number[], number[]] = [[], []];
  const time = (ranker: typeof trade.flat) =>
    median(many.map((query) => cpu(() => ranker.match(query, { limit: 40 }))));
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      medians[0].push(time(trade.placed));
      medians[1].push(time(trade.flat));
    } else {
      medians[1].push(time(trade.flat));
      medians[0].push(time(trade.placed));
    }
  }
  const ratios = medians[1].map((flat, round) => flat / medians[0][round]!);
  console.log(
    `word vectors, match(query, { limit: 40 }) of the ${many.length} requests of several sentences, taking turns ` +
      `round by round: by sentence ${median(medians[0]).toFixed(2)} ms, bySentence: false ` +
      `${median(medians[1]).toFixed(2)} ms (a round's ratio ${Math.min(...ratios).toFixed(2)}–` +
      `${Math.max(...ratios).toFixed(2)}, median ${median(ratios).toFixed(2)})`,
  );
}
console.log(`host reference after: ${hostReference().toFixed(0)} ms`);
