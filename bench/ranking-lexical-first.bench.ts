// What pass 13 and speed pass 9 of docs/benchmarks/ranking.md count, on Seal-Tools (every dev query at its 4,076
// actions; every 7th at 10,000, grown with perturbed copies): how often the lexical pass's `kept` (rankExplained with
// `keptOrder`, over its head of 64) is what `rank(query)` answers, to the length of `kept`; and how often the
// word-vector `rank(query, { limit: 10 })` answers only documents of `kept`, so that it skips the nearest.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-lexical-first.bench.ts
import { defineAction, qualifiedName } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker, rankDocumentOf } from '@affordance/core/ranking';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { growActions } from '../test/ranking/synthetic-actions.js';

const vectors = packagedWordVectors();
const documentsOf = (definitions: ReturnType<typeof sealActions>) =>
  definitions.map((definition) => {
    const action = defineAction(definition);
    return rankDocumentOf(action, qualifiedName(action));
  });
const hitsOf = (hits: ReadonlyArray<{ id: string; score: number }>) =>
  hits.map((hit) => `${hit.id}:${hit.score}`);

for (const [label, definitions, every] of [
  ['4,076 actions, every query', sealActions(), 1],
  ['10,000 actions, every 7th query', growActions(sealActions(), 10_000), 7],
] as const) {
  const lexical = createLexicalRanker();
  const words = vectors ? createWordVectorRanker({ vectors, lexical }) : undefined;
  for (const document of documentsOf(definitions)) (words ?? lexical).add(document);
  const queries = sealQueries().filter((_, at) => at % every === 0);
  let prefix = 0;
  let settled = 0;
  for (const { query } of queries) {
    const kept = hitsOf(
      lexical.rankExplained(query, { limit: 64, threshold: 0, keptOrder: true }).kept ?? [],
    );
    if (hitsOf(lexical.rank(query)).slice(0, kept.length).join() === kept.join()) prefix++;
    if (!words) continue;
    const ids = new Set(kept.map((hit) => hit.slice(0, hit.lastIndexOf(':'))));
    const answer = words.rank(query, { limit: 10 });
    if (answer.length === 10 && answer.every((hit) => ids.has(hit.id))) settled++;
  }
  console.log(`${label}: kept a prefix of rank(query) for ${prefix} of ${queries.length} queries`);
  if (words)
    console.log(`  word-vector rank(limit 10) answered from kept alone: ${settled} of ${queries.length}`);
}
