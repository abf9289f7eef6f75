import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { createWordVectorRanker } from './word-vector-ranker.js';
import type { WordVectors } from './word-vectors.js';

// Four made-up dimensions: size, colour, weather, copying. Words not listed have no vector.
const table: Array<[string, number[]]> = [
  ['size', [1, 0, 0, 0.05]],
  ['color', [0, 1, 0, 0]],
  ['bigger', [1, 0, 0, 0]],
  ['width', [0.8, 0, 0.1, 0]],
  ['height', [0.8, 0, 0.1, 0]],
  ['copy', [0, 0, 0, 1]],
  ['fill', [0, 0.9, 0, 0.1]],
  ['red', [0, 0.95, 0.1, 0]],
  ['weather', [0, 0, 1, 0]],
  ['resize', [0.9, 0.1, 0, 0]],
  ['enlarge', [0.95, 0, 0, 0.1]],
  ['paint', [0.05, 0.9, 0, 0]],
  ['duplicate', [0, 0, 0, 0.98]],
  ['clone', [0.05, 0, 0, 0.95]],
  ['forecast', [0, 0, 1, 0]],
];
const vectors: WordVectors = {
  words: table.map(([word]) => word),
  dimensions: 4,
  values: Float32Array.from(table.flatMap(([, values]) => values)),
};

const actions = [
  defineAction({ scope: 'shape', name: 'resize', description: 'Change width and height' }),
  defineAction({ scope: 'shape', name: 'setFill', description: 'Set the fill color' }),
  defineAction({ scope: 'shape', name: 'duplicate', description: 'Make a copy of the shape' }),
];

describe('createWordVectorRanker', () => {
  it("soft-matches an action on its description's first sentence, not on how to call it", () => {
    // Words of this table with vectors, none near the request's.
    const rest = 'Arguments: the width and height. Returns a copy in color.';
    const coverage = (description: string) => {
      const ranker = createWordVectorRanker({ vectors });
      ranker.add(rankDocumentOf(defineAction({ name: 'getForecast', description }), 'getForecast'));
      return ranker.explain('what is the weather forecast').find((found) => found.id === 'getForecast')!.soft;
    };
    const first = coverage('The weather forecast.');
    expect(first).toBeGreaterThan(0.5);
    expect(coverage(`The weather forecast. ${rest}`)).toBe(first);
    // The same words in one sentence are all what the action is about.
    expect(coverage(`The weather forecast; ${rest.replace(/\. /g, '; ')}`)).toBeLessThan(first);
  });

  it('finds an action asked for in other words, which lexical ranking cannot', () => {
    const registry = createRegistry({ actions, ranker: createWordVectorRanker({ vectors }) });
    expect(registry.available({ query: 'enlarge it' }).map((entry) => entry.name)).toEqual(['shape_resize']);
    expect(registry.available({ query: 'paint it red' })[0]?.name).toBe('shape_setFill');
    expect(registry.available({ query: 'clone this' })[0]?.name).toBe('shape_duplicate');
    expect(createRegistry({ actions }).available({ query: 'enlarge it' })).toEqual([]);
  });

  it('answers nothing to a request about something else', () => {
    const registry = createRegistry({ actions, ranker: createWordVectorRanker({ vectors }) });
    expect(registry.available({ query: 'what is the weather forecast?' })).toEqual([]);
  });

  it('leaves out a near miss whose other words the request does not say, even in other words', () => {
    const hail = defineAction({ name: 'hailSize', description: 'Size of the hail in the weather forecast' });
    // More than three content words: the fused relevance alone decides.
    const query = 'a bigger size for the box on this page';
    expect(createRegistry({ actions: [...actions, hail] }).available({ query })[0]?.name).toBe('hailSize');
    const registry = createRegistry({
      actions: [...actions, hail],
      ranker: createWordVectorRanker({ vectors }),
    });
    expect(registry.available({ query }).map((entry) => entry.name)).toEqual(['shape_resize']);
  });

  it('keeps what the lexical ranker keeps for a short request', () => {
    const hail = defineAction({ name: 'hailSize', description: 'Size of the hail in the weather forecast' });
    const names = (ranker?: ReturnType<typeof createWordVectorRanker>) =>
      createRegistry({ actions: [...actions, hail], ...(ranker ? { ranker } : {}) })
        .available({ query: 'bigger size' })
        .map((entry) => entry.name);
    expect(names()).toEqual(['hailSize']);
    // Never below the lexical relevance: the lexical answer, in the lexical order, and what the soft match adds.
    expect(names(createWordVectorRanker({ vectors }))).toEqual(['hailSize', 'shape_resize']);
    // Two words, and an instruction: kept by either rule, so both are turned off to see the fused relevance alone.
    expect(names(createWordVectorRanker({ vectors, shortRequestWords: 0 }))).toEqual([
      'hailSize',
      'shape_resize',
    ]);
    expect(names(createWordVectorRanker({ vectors, shortRequestWords: 0, instructionWords: 0 }))).toEqual([
      'shape_resize',
    ]);
    const ranker = createWordVectorRanker({ vectors });
    for (const action of [...actions, hail]) ranker.add(rankDocumentOf(action, action.name));
    const explained = ranker.explain('bigger size').find((hit) => hit.id === 'hailSize')!;
    expect(explained.relevance).toBe(explained.lexical);
    expect(explained.relevance).toBeGreaterThan((explained.lexical + explained.soft) / 2);
  });

  it('leaves out an action whose required values the request cannot supply (argument grounding)', () => {
    const forecast = defineAction({
      name: 'forecast',
      description: 'Weather forecast',
      input: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] },
    });
    const ranker = createWordVectorRanker({ vectors });
    const registry = createRegistry({ actions: [...actions, forecast], ranker });
    // A question of several words is judged by the fused, grounded relevance: nothing here says how many days.
    expect(registry.available({ query: 'what will the weather forecast for the region be?' })).toEqual([]);
    // A short instruction keeps what the lexical ranker keeps, grounding or not (the days come from a form).
    expect(registry.available({ query: 'the weather forecast, please' }).map((entry) => entry.name)).toEqual([
      'forecast',
    ]);
    const strict = createRegistry({
      actions: [...actions, forecast],
      ranker: createWordVectorRanker({ vectors, shortRequestWords: 0, instructionWords: 0 }),
    });
    expect(strict.available({ query: 'the weather forecast, please' })).toEqual([]);
    expect(
      registry.available({ query: 'the weather forecast for five days' }).map((entry) => entry.name),
    ).toEqual(['forecast']);
    expect(
      ranker.explain('the weather forecast for 5 days').find((hit) => hit.id === 'forecast'),
    ).toMatchObject({
      grounding: { filled: 1, typed: 1 },
    });
    const ungrounded = createRegistry({
      actions: [...actions, forecast],
      ranker: createWordVectorRanker({ vectors, grounding: false }),
    });
    expect(
      ungrounded.available({ query: 'the weather forecast, please' }).map((entry) => entry.name),
    ).toEqual(['forecast']);
  });

  it('keeps the lexical order and forgets removed documents', () => {
    const ranker = createWordVectorRanker({ vectors });
    for (const action of actions) ranker.add(rankDocumentOf(action, `shape_${action.name}`));
    expect(ranker.rank('change the width').map((hit) => hit.id)).toEqual(['shape_resize']);
    ranker.remove('shape_resize');
    expect(ranker.rank('change the width')).toEqual([]);
    expect([...ranker.search('fill it with red').keys()]).toEqual(['shape_setFill']);
  });

  it('soft-matches only the best lexical and the nearest documents of a large registry', () => {
    const ranker = createWordVectorRanker({ vectors, candidates: 1 });
    for (const action of actions) ranker.add(rankDocumentOf(action, `shape_${action.name}`));
    // No shared word, so the nearest by mean vector is the only candidate.
    expect(ranker.rank('enlarge').map((hit) => hit.id)).toEqual(['shape_resize']);
    // Without the nearest, nothing is left to find it.
    const lexicalOnly = createWordVectorRanker({ vectors, candidates: 1, nearest: 0 });
    for (const action of actions) lexicalOnly.add(rankDocumentOf(action, `shape_${action.name}`));
    expect(lexicalOnly.rank('enlarge')).toEqual([]);
  });

  it('answers rank with a limit as the head of the whole answer when it judges only the best candidates', () => {
    // A registry larger than `candidates`, so `rank` with a limit judges lazily; every query and limit is checked
    // against a second ranker's whole answer (no shared state between them).
    const words = table.map(([word]) => word);
    const many = Array.from({ length: 36 }, (_, at) =>
      defineAction({
        scope: 'shape',
        name: `${words[at % words.length]}${at}`,
        description: `${words[(at * 7) % words.length]} the ${words[(at * 5 + 3) % words.length]}`,
        examples: at % 3 === 0 ? [`${words[(at * 11 + 1) % words.length]} it`] : [],
      }),
    );
    const lazy = createWordVectorRanker({ vectors, candidates: 4 });
    const whole = createWordVectorRanker({ vectors, candidates: 4 });
    for (const action of many) {
      lazy.add(rankDocumentOf(action, action.name));
      whole.add(rankDocumentOf(action, action.name));
    }
    const queries = [
      'enlarge the width',
      'paint it red',
      'copy the size',
      'weather forecast',
      'clone and fill',
    ];
    let answered = 0;
    for (const limit of [1, 2, 3, 5, 8]) {
      for (const query of queries) {
        const head = whole.rank(`${query} ${limit}`).slice(0, limit);
        expect(lazy.rank(`${query} ${limit}`, { limit })).toEqual(head);
        answered += head.length;
      }
    }
    expect(answered).toBeGreaterThan(25);
  });

  it('answers a request of common words only with the action that gives it as an example, as the lexical ranker does', () => {
    // "What is this?" has no word to weigh: the lexical pass answers it from the examples, word for word, and the
    // word-vector ranker keeps that answer (it dropped it when the pass left it unexplained, of relevance 0).
    const describeIt = defineAction({
      scope: 'shape',
      name: 'describe',
      description: 'Read the shape: all of its properties',
      examples: ['What is this?'],
    });
    const ranker = createWordVectorRanker({ vectors });
    for (const action of [...actions, describeIt])
      ranker.add(rankDocumentOf(action, `${action.scope}_${action.name}`));
    expect(ranker.rank('what is this?').map((hit) => hit.id)).toEqual(['shape_describe']);
    expect(ranker.rank('What is this.', { limit: 3 }).map((hit) => hit.id)).toEqual(['shape_describe']);
    expect(ranker.match('what is this', { limit: 3 })[0]).toMatchObject({
      id: 'shape_describe',
      relevant: true,
    });
    expect(ranker.rank('what is that?')).toEqual([]);
  });

  it('rejects a table whose size does not match its words, and bad settings', () => {
    expect(() =>
      createWordVectorRanker({ vectors: { words: ['a', 'b'], dimensions: 3, values: new Float32Array(5) } }),
    ).toThrow(/2 words of 3 dimensions need 6/);
    expect(() => createWordVectorRanker({ vectors, floor: 1 })).toThrow(RangeError);
    expect(() => createWordVectorRanker({ vectors, coverage: { low: 0.5, high: 0.5 } })).toThrow(RangeError);
    expect(() => createWordVectorRanker({ vectors, weight: 2 })).toThrow(RangeError);
    expect(() => createWordVectorRanker({ vectors, candidates: 0 })).toThrow(/candidates/);
    expect(() => createWordVectorRanker({ vectors, nearest: -1 })).toThrow(/nearest/);
    expect(() => createWordVectorRanker({ vectors, shortRequestWords: -1 })).toThrow(/shortRequestWords/);
    expect(() => createWordVectorRanker({ vectors, instructionWords: Number.NaN })).toThrow(
      /instructionWords/,
    );
    expect(() => createWordVectorRanker({ vectors, grounding: { penalty: 2, boost: 1 } })).toThrow(/penalty/);
    // Options of the default lexical ranker beside a lexical ranker of one's own would be ignored.
    const lexical = createLexicalRanker();
    expect(() => createWordVectorRanker({ vectors, lexical, bySentence: false })).toThrow(TypeError);
    expect(() => createWordVectorRanker({ vectors, lexical, synonyms: () => [] })).toThrow(/synonyms/);
    expect(() => createWordVectorRanker({ vectors, lexical })).not.toThrow();
  });
});

describe('word-vector ranker: the recall-first match', () => {
  it('keeps the lexical matches in their order, then adds what only the soft match finds', () => {
    const hail = defineAction({ name: 'hailSize', description: 'Size of the hail in the weather forecast' });
    const ranker = createWordVectorRanker({ vectors });
    const lexical = createLexicalRanker();
    for (const action of [...actions, hail]) {
      ranker.add(rankDocumentOf(action, action.name));
      lexical.add(rankDocumentOf(action, action.name));
    }
    for (const query of ['bigger size', 'enlarge it', 'paint it red', 'weather forecast']) {
      const words = ranker.match(query);
      const plain = lexical.match(query);
      expect(words.slice(0, plain.length).map((hit) => hit.id)).toEqual(plain.map((hit) => hit.id));
      // Flagged relevant exactly when the threshold's answer has it.
      const relevant = ranker.search(query);
      for (const hit of words) expect(hit.relevant).toBe(relevant.has(hit.id));
      for (let at = 1; at < words.length; at++)
        expect(words[at]!.score).toBeLessThanOrEqual(words[at - 1]!.score);
    }
    expect(lexical.match('enlarge it')).toEqual([]);
    expect(ranker.match('enlarge it').length).toBeGreaterThan(0);
  });

  it('answers a limited match as the head of every match: at most the limit, soft-only ones while places are left', () => {
    const ranker = createWordVectorRanker({ vectors });
    const setSize = defineAction({ scope: 'shape', name: 'setSize', description: 'Set the size' });
    for (const action of [...actions, setSize]) ranker.add(rankDocumentOf(action, action.name));
    expect(ranker.match('enlarge it').length).toBeGreaterThan(1);
    let filledBySoftOnly = 0;
    for (const query of ['bigger size', 'enlarge it', 'paint it red', 'make the shape bigger and red']) {
      const every = ranker.match(query);
      for (const limit of [1, 2, 3, 5]) {
        const head = ranker.match(query, { limit });
        expect(head.length).toBe(Math.min(limit, every.length));
        expect(head).toEqual(every.slice(0, limit));
        if (head.some((hit) => hit.score < 0.05)) filledBySoftOnly++;
      }
    }
    expect(filledBySoftOnly).toBeGreaterThan(0);
    // No places, no matches (not the soft-only ones); a fraction's whole part.
    for (const limit of [0, -1, Number.NaN, 0.5]) expect(ranker.match('enlarge it', { limit })).toEqual([]);
    expect(ranker.match('enlarge it', { limit: 1.5 })).toEqual(ranker.match('enlarge it', { limit: 1 }));
  });
});
