import type { IndexedDocument } from './term-index.js';
import { tokenize } from './tokenize.js';
import type { RankDocument } from './types.js';

/** The fields of a ranking document, in index order. */
export const FIELDS = [
  'name',
  'title',
  'description',
  'examples',
  'tags',
  'category',
  'parameterNames',
  'parameterText',
] as const;

/** A field of a ranking document. */
export type RankField = (typeof FIELDS)[number];

/** Default BM25F length normalisation of each field: short fields hardly, descriptions mostly. */
export const DEFAULT_B: Readonly<Record<RankField, number>> = {
  name: 0.3,
  title: 0.3,
  description: 0.75,
  examples: 0.5,
  tags: 0.3,
  category: 0.3,
  parameterNames: 0.5,
  parameterText: 0.75,
};

/**
 * Split a ranking document into the index's fields of stemmed terms. Its key terms are those of its own name (what
 * a query names it by), then the rest of its name's, title's and description's (what it is about), then each
 * example's. In a dotted name (`electromagnetism.ampere_law`) the part before the last dot is a namespace, which a
 * request seldom repeats: it is about-terms, not own-name terms, yet stays in the name field where saying it counts.
 */
export function documentTerms(document: RankDocument): IndexedDocument {
  const name = tokenize(document.name);
  const dot = document.name.lastIndexOf('.');
  const own = dot > 0 ? tokenize(document.name.slice(dot + 1)) : name;
  const key = own.length > 0 ? own : name;
  const scope = document.scope ? tokenize(document.scope) : [];
  const title = tokenize(document.title);
  const description = tokenize(document.description);
  const about = new Set([...name, ...title, ...description]);
  for (const term of key) about.delete(term);
  return {
    id: document.id,
    keyTerms: [key, [...about], ...document.examples.map(tokenize)],
    fields: [
      name,
      title,
      description,
      document.examples.flatMap(tokenize),
      document.tags.flatMap(tokenize),
      [...tokenize(document.category), ...scope],
      document.parameters.flatMap((parameter) => tokenize(parameter.name)),
      document.parameters.flatMap((parameter) => tokenize(parameter.description)),
    ],
  };
}

/** Default BM25F field weights: a name or example match says more than a parameter description. */
export const DEFAULT_WEIGHTS: Readonly<Record<RankField, number>> = {
  name: 3,
  title: 2.5,
  description: 1,
  examples: 2,
  tags: 1.5,
  category: 0.5,
  parameterNames: 0.8,
  parameterText: 0.4,
};
