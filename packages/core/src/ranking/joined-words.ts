import { isContentWord, splitWords, stem } from './tokenize.js';
import type { RankDocument } from './types.js';

/**
 * Words a request writes as one where an action's name writes two ("copyediting" for `performCopyEditing`,
 * "healthcare" for `getHealthCareCost`, "smartphone" for `get_smart_phone_specs`), kept in step with a ranker's
 * documents. Only two words side by side in some action's own name are a split, so a word is never cut where no name
 * cuts it ("flowering" is not "flow" + "ring"), nor where another name holds it whole ("artwork" in `getArtwork`).
 */
export interface JoinedWords {
  add(document: Pick<RankDocument, 'id' | 'name'>): void;
  remove(id: string): void;
  /** The stems of the two name words a request's word (as written, or its stem) joins; undefined for none. */
  split(word: string, term: string): readonly [string, string] | undefined;
}

// A dotted name's own part (what follows the namespace), as the group context reads it.
const OWN_NAME = /\.([A-Za-z_][^.]*)$/;

/** The words of a name's own part. */
const wordsOf = (name: string) => splitWords(OWN_NAME.exec(name)?.[1] ?? name);

/** The pairs of side-by-side words of a name, each under its joined spelling and the stem of that spelling. */
function pairsOf(name: string): Array<[key: string, stems: readonly [string, string]]> {
  const words = wordsOf(name);
  const pairs: Array<[string, readonly [string, string]]> = [];
  for (let at = 1; at < words.length; at++) {
    const [first, second] = [words[at - 1]!, words[at]!];
    if (!isContentWord(first) || !isContentWord(second)) continue;
    const stems = [stem(first), stem(second)] as const;
    const joined = first + second;
    pairs.push([joined, stems]);
    if (stem(joined) !== joined) pairs.push([stem(joined), stems]);
  }
  return pairs;
}

export function createJoinedWords(): JoinedWords {
  // Each joined spelling with its split and how many live documents' names hold it.
  const joined = new Map<string, { stems: readonly [string, string]; count: number }>();
  // How many live documents' names hold each word (as written and as its stem) as one word.
  const single = new Map<string, number>();
  const names = new Map<string, string>();
  const count = (key: string, by: number) => {
    const now = (single.get(key) ?? 0) + by;
    if (now === 0) single.delete(key);
    else single.set(key, now);
  };
  const remove = (id: string) => {
    const name = names.get(id);
    if (name === undefined) return;
    names.delete(id);
    for (const [key] of pairsOf(name)) {
      const found = joined.get(key);
      if (found && --found.count === 0) joined.delete(key);
    }
    for (const word of new Set(wordsOf(name))) for (const key of new Set([word, stem(word)])) count(key, -1);
  };
  return {
    add(document) {
      remove(document.id);
      names.set(document.id, document.name);
      for (const [key, stems] of pairsOf(document.name)) {
        const found = joined.get(key);
        if (found) found.count++;
        else joined.set(key, { stems, count: 1 });
      }
      for (const word of new Set(wordsOf(document.name)))
        for (const key of new Set([word, stem(word)])) count(key, 1);
    },
    remove,
    // A word some name holds as one ("artwork" in `getArtwork`) is how that name says it: it is not split.
    split: (word, term) =>
      single.has(word) || single.has(term) ? undefined : (joined.get(word) ?? joined.get(term))?.stems,
  };
}
