import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import { askOf, floorKindOf, lengthFloorOf, lexicalFloorOf } from './short-request-floor.js';
import { createWordVectorRanker } from './word-vector-ranker.js';

// The ninth pass (docs/benchmarks/ranking.md): a request kept by its length alone keeps, for an unscoped action, its
// grounded lexical relevance unless it is an instruction with the action's verb.
const defaults = lexicalFloorOf({});

describe('the floor of a request kept by its length alone', () => {
  it('tells a request kept by its length from one kept by pointing or several asks', () => {
    expect(floorKindOf('What is a holy book?', defaults)).toBe('length');
    expect(floorKindOf('Create a jigsaw puzzle', defaults)).toBe('length');
    expect(floorKindOf('show me the channels', defaults)).toBe('length');
    expect(floorKindOf('close this issue', defaults)).toBe('whole');
    expect(floorKindOf('list the trending repositories and write a summary file', defaults)).toBe('whole');
    expect(floorKindOf('who is the vice president of the united states?', defaults)).toBe('none');
    expect(floorKindOf('What is a holy book?', lexicalFloorOf({ groundedShort: false }))).toBe('whole');
  });

  it('reads a question, or an instruction and the verb it starts with', () => {
    expect(askOf('What is a holy book?')).toEqual({ question: true, verb: undefined });
    expect(askOf('Create a jigsaw puzzle')).toEqual({ question: false, verb: 'creat' });
    expect(askOf('move the report into archive')).toEqual({ question: false, verb: 'move' });
    // A light word ("show", "please") or a stop word ("I") names no doing of its own.
    expect(askOf('show me the channels')).toEqual({ question: false, verb: undefined });
    expect(askOf('please retrieve the memory type')).toEqual({ question: false, verb: undefined });
    expect(askOf('I need the logs')).toEqual({ question: false, verb: undefined });
  });

  it('grounds the floor of a question or of an instruction with another verb, not of one with the action own verb', () => {
    const own = () => new Set(['solv', 'jigsaw', 'puzzl', 'imag']);
    const create = askOf('Create a jigsaw puzzle');
    const solve = askOf('solve this jigsaw puzzle');
    const question = askOf('what is a jigsaw puzzle?');
    expect(lengthFloorOf(0.44, 0.5, create, own)).toBeCloseTo(0.22);
    expect(lengthFloorOf(0.44, 0.5, solve, own)).toBe(0.44);
    expect(lengthFloorOf(0.44, 0, question, own)).toBe(0);
    // An action that needs nothing the request leaves out keeps it all, whatever the request.
    expect(lengthFloorOf(0.44, 1, create, own)).toBe(0.44);
    expect(lengthFloorOf(0.44, 1, question, own)).toBe(0.44);
    // Own words are asked for only when an instruction has a verb.
    let asked = 0;
    lengthFloorOf(0.44, 0.5, question, () => {
      asked++;
      return new Set();
    });
    expect(asked).toBe(0);
  });

  it('leaves out an action whose subject a short question names and whose values it does not give', () => {
    // A vector of its own for each of the action's words: the question says two of its eight, a soft coverage
    // under the 0.4 that maps to 0, so only the floor can keep it.
    const words = ['search', 'content', 'chapters', 'authors', 'holy', 'books', 'book', 'name'];
    const values = new Float32Array(words.length * words.length);
    for (let at = 0; at < words.length; at++) values[at * words.length + at] = 1;
    const vectors = { words, dimensions: words.length, values };
    const holyBooks = defineAction({
      name: 'search_holy_books',
      description: 'Search content, chapters or authors of holy books.',
      input: {
        type: 'object',
        properties: { book: { type: 'string', description: 'The name of the holy book.' } },
        required: ['book'],
      },
    });
    const rank = (query: string, options: { groundedShort?: boolean } = {}) => {
      const ranker = createWordVectorRanker({ vectors, ...options });
      ranker.add(rankDocumentOf(holyBooks, 'search_holy_books'));
      return ranker.rank(query).map((hit) => hit.id);
    };
    expect(rank('What is a holy book?')).toEqual([]);
    // Without the rule, the lexical evidence alone keeps it.
    expect(rank('What is a holy book?', { groundedShort: false })).toEqual(['search_holy_books']);
    // An instruction with the action's verb keeps it, and so does a question that names the book.
    expect(rank('search the holy books')).toEqual(['search_holy_books']);
    expect(rank("What is in the holy book 'Bhagavad Gita'?")).toEqual(['search_holy_books']);
  });
});
