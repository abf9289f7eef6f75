/**
 * The rankers' answers on a registry made up here (200 actions of 20 verbs and 10 objects, a 16-dimension vector
 * table of a seeded random), the same in Node and in a browser page: both paths of the WebAssembly parts (the BM25F
 * kernel and the vector scans) must give these answers to the last bit, so a page where WebAssembly is refused
 * (its JavaScript fallbacks) and a page where it runs are compared with Node's.
 */
import { defineAction, qualifiedName } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker, rankDocumentOf } from '@affordance/core/ranking';

const VERBS =
  'create delete update list find archive export import share rename copy move lock unlock print send sort merge split restore'.split(
    ' ',
  );
const OBJECTS = 'invoice customer order report folder message photo contract ticket calendar'.split(' ');
const OTHER =
  'a an the this my all new old to of for and it them please quickly bill client picture note'.split(' ');

/** Park–Miller, in [-0.5, 0.5). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647 - 0.5;
  };
}

function documents() {
  const made = [];
  for (const verb of VERBS) {
    for (const object of OBJECTS) {
      const action = defineAction({
        name: `${verb}_${object}`,
        description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${object} of the account`,
        examples: [`${verb} my ${object}`],
        input: { type: 'object', properties: { id: { type: 'string', description: `The ${object} id` } } },
      });
      made.push(rankDocumentOf(action, qualifiedName(action)));
    }
  }
  return made;
}

function vectors() {
  const words = [...OTHER, ...VERBS, ...OBJECTS, 'id', 'account'];
  const random = seeded(7);
  const dimensions = 16;
  const values = new Float32Array(words.length * dimensions);
  for (let at = 0; at < values.length; at++) values[at] = random();
  return { words, dimensions, values };
}

export const RANKING_QUERIES = [
  'delete the old invoice',
  'please send this report to the client',
  'find my photo and share it',
  'lock the contract',
  'sort all tickets, then export them',
  'merge customer',
  'restore a message please',
  'picture',
  'make a bill for the new order',
  'print it quickly',
];

/** Each ranker's `rank` (limit 5) and `match` (limit 8) for every query: ids and scores. */
export function rankingAnswers() {
  const lexical = createLexicalRanker();
  const words = createWordVectorRanker({ vectors: vectors() });
  for (const document of documents()) {
    lexical.add(document);
    words.add(document);
  }
  // Remove and add again: reused slots and a changed collection.
  for (const id of ['lock_contract', 'print_photo']) {
    lexical.remove(id);
    words.remove(id);
  }
  const back = documents().filter((document) => document.id === 'lock_contract');
  for (const document of back) {
    lexical.add(document);
    words.add(document);
  }
  return RANKING_QUERIES.map((query) => ({
    query,
    lexicalRank: lexical.rank(query, { limit: 5 }),
    lexicalMatch: lexical.match(query, { limit: 8 }),
    wordsRank: words.rank(query, { limit: 5 }),
    wordsMatch: words.match(query, { limit: 8 }),
  }));
}
