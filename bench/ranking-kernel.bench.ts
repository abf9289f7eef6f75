// The lexical pass's BM25F accumulation alone (term-index.ts `accumulate`, WebAssembly where it runs), then the seeded
// floor's two scans (`largest`, `above`), over the plans of every 7th Seal query at 10,000 actions (Seal-Tools grown
// with perturbed copies): median µs per call and ns per posting read. What speed pass 10 of docs/benchmarks/ranking.md
// reports; run it a few times, in separate processes, to see how far one machine moves the same work.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-kernel.bench.ts [size]
import { defineAction, qualifiedName } from '@affordance/core';
import { rankDocumentOf } from '@affordance/core/ranking';
import {
  DEFAULT_B,
  DEFAULT_WEIGHTS,
  documentTerms,
  FIELDS,
} from '../packages/core/src/ranking/document-terms.js';
import { createLexicalPass, fullMatch } from '../packages/core/src/ranking/lexical-pass.js';
import { planQuery } from '../packages/core/src/ranking/query-plan.js';
import { seedFloor } from '../packages/core/src/ranking/seeded-floor.js';
import { createTermIndex } from '../packages/core/src/ranking/term-index.js';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';
import { median } from '../test/ranking/evaluate-ranking.js';
import { growActions } from '../test/ranking/synthetic-actions.js';

const size = Number(process.argv[2] ?? 10_000);
const weights = FIELDS.map((field) => DEFAULT_WEIGHTS[field]);
const index = createTermIndex({ weights, b: FIELDS.map((field) => DEFAULT_B[field]) });
for (const definition of growActions(sealActions(), size)) {
  const action = defineAction(definition);
  index.add(documentTerms(rankDocumentOf(action, qualifiedName(action))));
}
// The threshold's plan, as `rank` asks (the lexical ranker's defaults).
const passSettings = {
  k1: 1.2,
  nameWeight: weights[0]!,
  descriptionWeight: weights[2]!,
  priorDocuments: 20,
  nameBoost: 1,
  variantWeight: 0.6,
  prefixWeight: 0.7,
};
const pass = createLexicalPass(index, passSettings);
pass.changed(); // the collection's size, which sets the plan's most frequent term
const { plan } = pass;
const settings = { k1: passSettings.k1, full: fullMatch(passSettings), keyWeight: () => 1 };
const plans = sealQueries()
  .filter((_, at) => at % 7 === 0)
  .map(({ query }) => planQuery(index, query, plan))
  .filter(({ groups, total }) => groups.length > 0 && total > 0);
// Each plan's postings: one impact-list entry per document of each member term.
const postingsOf = (groups: (typeof plans)[number]['groups']) =>
  groups.reduce(
    (sum, group) => sum + group.members.reduce((n, m) => n + index.documentFrequency(m.id), 0),
    0,
  );
for (const { groups } of plans) index.accumulate(groups, settings); // builds the impact lists

const REPEAT = 20;
const accumulate: number[] = [];
const perPosting: number[] = [];
const scans: number[] = [];
let touched = 0;
for (let round = 0; round < 5; round++) {
  for (const { groups, total } of plans) {
    let started = performance.now();
    for (let at = 0; at < REPEAT; at++) index.accumulate(groups, settings);
    const micros = ((performance.now() - started) * 1000) / REPEAT;
    accumulate.push(micros);
    perPosting.push((micros * 1000) / postingsOf(groups));
    const scores = index.accumulate(groups, settings);
    touched += scores.slots.length;
    started = performance.now();
    const least = seedFloor(scores.largest(30), total, 1);
    scores.above(0, total, least, undefined);
    scans.push((performance.now() - started) * 1000);
  }
}
console.log(
  `${size} actions, ${plans.length} query plans × 5 rounds, ${Math.round(touched / (5 * plans.length))} documents touched a plan on average`,
);
console.log(
  `accumulate: median ${median(accumulate).toFixed(1)} µs a call, ${median(perPosting).toFixed(1)} ns a posting`,
);
console.log(`largest + above (the seeded floor's scans): median ${median(scans).toFixed(1)} µs`);
