import type { RankDocument, Ranker } from './ranker.js';

// Words too common to say what a request is about.
const STOP_WORDS = new Set([
  'the',
  'this',
  'that',
  'it',
  'to',
  'of',
  'and',
  'or',
  'for',
  'in',
  'on',
  'my',
  'me',
  'please',
]);

// Words the kernel matcher reads: lowercase letters and digits, a name split on camelCase, `_`, `.` and `-`.
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

// Trivial endings only ("colors", "coloring", "colored" → "color"; "deleted", "delete" → "delet"); the lexical
// ranker stems properly.
function stem(word: string): string {
  let stemmed = word;
  if (stemmed.length > 5 && stemmed.endsWith('ing')) stemmed = stemmed.slice(0, -3);
  else if (stemmed.length > 4 && stemmed.endsWith('ed')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.length > 4 && stemmed.endsWith('ies')) stemmed = `${stemmed.slice(0, -3)}y`;
  else if (stemmed.length > 3 && stemmed.endsWith('s') && !stemmed.endsWith('ss'))
    stemmed = stemmed.slice(0, -1);
  return stemmed.length > 3 && stemmed.endsWith('e') ? stemmed.slice(0, -1) : stemmed;
}

/**
 * The registry's built-in matcher when no ranker is given: the share of the query's words found in an action's
 * name, title, description, category and examples. Non-matches are absent; no weighting, no synonyms. For ranking
 * worth the name, pass `createLexicalRanker()` from `@affordance/core/ranking`.
 */
export function createKeywordMatcher(): Ranker {
  const documents = new Map<string, ReadonlySet<string>>();
  return {
    add(document: RankDocument) {
      const text = [
        document.name,
        document.scope ?? '',
        document.title,
        document.description,
        document.category,
        ...document.examples,
      ].join(' ');
      documents.set(document.id, new Set(wordsOf(text)));
    },
    remove(id) {
      documents.delete(id);
    },
    search(query) {
      const terms = [...new Set(wordsOf(query))];
      const scores: Array<[string, number]> = [];
      if (terms.length === 0) return new Map();
      for (const [id, words] of documents) {
        let matched = 0;
        for (const term of terms) if (words.has(term)) matched++;
        if (matched > 0) scores.push([id, matched / terms.length]);
      }
      scores.sort((a, b) => b[1] - a[1]);
      return new Map(scores);
    },
  };
}
