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

/** Split a ranking document into the index's fields of stemmed terms; its key terms are its name's, the rest of its title's and description's, then each example's. */
export function documentTerms(document: RankDocument): IndexedDocument {
  const name = tokenize(document.name);
  const scope = document.scope ? tokenize(document.scope) : [];
  const title = tokenize(document.title);
  const description = tokenize(document.description);
  const about = new Set([...title, ...description]);
  for (const term of name) about.delete(term);
  return {
    id: document.id,
    keyTerms: [name, [...about], ...document.examples.map(tokenize)],
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
