import type { Ranker, RankDocument } from './types.js';

const WEIGHTS = { name: 3, title: 2.5, examples: 2, tags: 1.5, category: 1, description: 1, params: 0.8 } as const;
const STOP = new Set('a an the it its this that to of in on for and or with my me please can you be is are make'.split(' '));

/** Lower-case word tokens: splits camelCase, snake_case, dots and dashes; drops stop words; trims plurals. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0 && !STOP.has(token))
    .map((token) => (token.length > 3 && token.endsWith('s') && !token.endsWith('ss') ? token.slice(0, -1) : token));
}

/** A small weighted-field TF-IDF ranker: the default until a better ranker is plugged in. */
export function createLexicalRanker(): Ranker {
  const documents = new Map<string, Map<string, number>>();
  const documentFrequency = new Map<string, number>();
  const index = new Map<string, Set<string>>();

  return {
    add(document) {
      this.remove(document.id);
      const terms = weightedTerms(document);
      documents.set(document.id, terms);
      for (const term of terms.keys()) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
        let ids = index.get(term);
        if (!ids) index.set(term, (ids = new Set()));
        ids.add(document.id);
      }
    },
    remove(id) {
      const terms = documents.get(id);
      if (!terms) return;
      documents.delete(id);
      for (const term of terms.keys()) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 1) - 1);
        index.get(term)?.delete(id);
      }
    },
    search(query) {
      const scores = new Map<string, number>();
      const total = documents.size || 1;
      for (const term of new Set(tokenize(query))) {
        const ids = index.get(term);
        if (!ids) continue;
        const idf = Math.log(1 + total / (documentFrequency.get(term) ?? 1));
        for (const id of ids) {
          const weight = documents.get(id)?.get(term) ?? 0;
          scores.set(id, (scores.get(id) ?? 0) + idf * (weight / (weight + 1.2)) * 2.2);
        }
      }
      return scores;
    },
  };
}

function weightedTerms(document: RankDocument): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const token of tokenize(text)) terms.set(token, (terms.get(token) ?? 0) + weight);
  };
  add(document.name, WEIGHTS.name);
  add(document.title, WEIGHTS.title);
  add(document.description, WEIGHTS.description);
  for (const example of document.examples) add(example, WEIGHTS.examples);
  for (const tag of document.tags) add(tag, WEIGHTS.tags);
  add(document.category, WEIGHTS.category);
  for (const param of document.params) add(param, WEIGHTS.params);
  return terms;
}
