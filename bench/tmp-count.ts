import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineAction, qualifiedName } from '@affordance/core';
import { rankDocumentOf } from '@affordance/core/ranking';
import { sealActions, sealQueries } from '../test/ranking/datasets.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { growActions } from '../test/ranking/synthetic-actions.js';
const vectors = packagedWordVectors()!;
const documents = growActions(sealActions(), 10_000).map((d) => { const a = defineAction(d); return rankDocumentOf(a, qualifiedName(a)); });
const queries = sealQueries().filter((_, at) => at % 7 === 0).map((q) => q.query);
const ranking = await import(pathToFileURL(resolve(process.argv[2]!)).href);
const words = ranking.createWordVectorRanker({ vectors });
const lexical = ranking.createLexicalRanker();
for (const d of documents) { words.add(d); lexical.add(d); }
const g = globalThis as any;
for (let r = 0; r < 3; r++) for (const q of queries) { words.rank(q, { limit: 10 }); lexical.rank(q, { limit: 10 }); }
const reset = () => { g.__visits = 0; g.__fails = 0; g.__ks = []; g.__lt = 0; g.__n = 0; };
const report = (label: string) => { const ks = [...g.__ks].sort((a: number, b: number) => a - b); console.log(label, { visits: g.__visits, fails: g.__fails, seeded: ks.length, kMedian: ks[ks.length >> 1], kMax: ks[ks.length - 1], largestUsPerCall: (g.__lt * 1000 / ks.length).toFixed(1), touched: (g.__n / ks.length).toFixed(0) }); };
reset(); for (const q of queries) words.rank(q, { limit: 10 }); report('wv rank');
reset(); for (const q of queries) lexical.rank(q, { limit: 10 }); report('lex rank');
