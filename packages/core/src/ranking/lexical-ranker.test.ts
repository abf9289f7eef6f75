import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { qualifiedName } from '../action/qualified-name.js';
import { createRegistry } from '../registry/create-registry.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';
import { shapeActions } from './shape-actions.fixture.js';
import type { RankDocument } from './types.js';

describe('relevance filtering (the seed: "make this bigger")', () => {
  const registry = createRegistry({ actions: shapeActions, ranker: createLexicalRanker() });

  it('ranks resize high and duplicate low, and leaves updateColor out', () => {
    const found = registry.available({ query: 'make this bigger' });
    expect(found.map((entry) => entry.name)).toEqual(['shape_resize', 'shape_duplicate']);
    const [resize, duplicate] = found;
    expect(resize!.score!).toBeGreaterThan(0.4);
    expect(duplicate!.score!).toBeLessThan(resize!.score! / 2);
  });

  it('reads an imperative sentence through the examples', () => {
    expect(registry.available({ query: 'make it red' }).map((entry) => entry.name)).toEqual([
      'shape_updateColor',
    ]);
    expect(registry.available({ query: 'please change the colour to blue' })[0]?.name).toBe(
      'shape_updateColor',
    );
  });

  it('answers nothing for a request no action is about', () => {
    expect(registry.available({ query: 'what is the weather in Paris tomorrow?' })).toEqual([]);
    expect(registry.available({ query: 'please' })).toEqual([]);
  });

  it('completes the last word of a short query, as a palette does while someone types', () => {
    expect(registry.available({ query: 'rot' }).map((entry) => entry.name)).toEqual(['shape_rotate']);
    expect(registry.available({ query: 'colo' })[0]?.name).toBe('shape_updateColor');
  });

  it('lets minScore drop the weak matches', () => {
    const names = registry.available({ query: 'make this bigger', minScore: 0.2 }).map((entry) => entry.name);
    expect(names).toEqual(['shape_resize']);
  });

  it('never ranks an action filtered out above an available one', () => {
    const found = registry.available({ query: 'make this bigger', target: { type: 'text', id: 't1' } });
    expect(found.every((entry) => !entry.available && entry.reason?.includes('acts on a shape'))).toBe(true);
    const mixed = createRegistry({
      actions: [
        ...shapeActions,
        defineAction({
          name: 'growText',
          description: 'Make the text bigger',
          scope: 'text',
          examples: ['make it bigger'],
        }),
      ],
    }).available({ query: 'make this bigger', target: { type: 'text', id: 't1' } });
    expect(mixed[0]).toMatchObject({ name: 'text_growText', available: true });
    expect(mixed.slice(1).every((entry) => !entry.available)).toBe(true);
  });
});

describe('createLexicalRanker', () => {
  it('weighs a match in the name above one in a parameter description, which alone is not relevant enough', () => {
    const ranker = createLexicalRanker({ threshold: 0 });
    ranker.add(rankDocument('exportInvoice', { description: 'Write an invoice to a file' }));
    ranker.add(
      rankDocument('sendEmail', {
        description: 'Send a message',
        parameters: [{ name: 'attachment', description: 'An invoice to attach' }],
      }),
    );
    expect(ranker.rank('invoice').map((hit) => hit.id)).toEqual(['exportInvoice', 'sendEmail']);
    expect(ranker.rank('invoice', { threshold: 0.3 }).map((hit) => hit.id)).toEqual(['exportInvoice']);
  });

  it('matches stemmed forms and the forms the stemmer keeps apart', () => {
    const ranker = createLexicalRanker();
    ranker.add(rankDocument('analyzeSales', { description: 'Analyze sales figures' }));
    ranker.add(rankDocument('printColors', { description: 'Print the colors' }));
    expect(ranker.rank('coloring')[0]?.id).toBe('printColors');
    expect(ranker.rank('sales analysis')[0]?.id).toBe('analyzeSales');
  });

  it('puts each part of a many-part request near the top', () => {
    const descriptions: Record<string, string> = {
      getWeatherForecast: 'Get the weather forecast for a city',
      getWeatherForecastHourly: 'Get the hourly weather forecast for a city',
      getWeatherForecastDaily: 'Get the daily weather forecast for a city',
      reserveSeat: 'Book a seat on a flight',
      bookTable: 'Book a table at a restaurant',
      listFlights: 'List flights between two cities',
      flightStatus: 'Status of a flight',
    };
    const topTwo = (novelty: number) => {
      const ranker = createLexicalRanker({ novelty, threshold: 0.1 });
      for (const [id, description] of Object.entries(descriptions))
        ranker.add(rankDocument(id, { description }));
      return ranker
        .rank('Check the weather forecast in Oslo and book a flight there', { limit: 2 })
        .map((hit) => hit.id);
    };
    expect(topTwo(0)).toEqual(['getWeatherForecast', expect.stringMatching(/^getWeatherForecast/)]);
    expect(topTwo(0.5)).toEqual(['getWeatherForecast', expect.not.stringMatching(/^getWeather/)]);
  });

  it('keeps scores in (0, 1) and in the order it returns', () => {
    const ranker = createLexicalRanker({ threshold: 0 });
    for (const action of shapeActions) ranker.add(rankDocumentOf(action, `${action.scope}_${action.name}`));
    for (const query of ['make this bigger', 'color', 'copy the shape and rotate it']) {
      const scores = ranker.rank(query).map((hit) => hit.score);
      expect(scores.every((score) => score > 0 && score < 1)).toBe(true);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect([...ranker.search(query).values()]).toEqual(scores);
    }
  });

  it('explains each score with its parts', () => {
    const ranker = createLexicalRanker();
    for (const action of shapeActions) ranker.add(rankDocumentOf(action, `${action.scope}_${action.name}`));
    const resize = ranker.explain('make this bigger').find((hit) => hit.id === 'shape_resize');
    expect(resize?.components.name).toBe(1);
    expect(resize?.relevance).toBeGreaterThan(0.5);
  });

  it('stays in step with adds and removes: the answers of an index built from scratch', () => {
    const documents = Array.from({ length: 60 }, (_, at) =>
      rankDocument(`action${at}`, {
        description: `${['copy', 'move', 'paint', 'resize'][at % 4]} the ${['shape', 'text', 'image'][at % 3]} number ${at}`,
      }),
    );
    // Length norms are refreshed when averages drift by over 1%, so scores agree to that.
    const incremental = createLexicalRanker({ threshold: 0, novelty: 0 });
    for (const document of documents) incremental.add(document);
    for (let at = 0; at < 60; at += 3) incremental.remove(`action${at}`);
    incremental.add(rankDocument('action1', { description: 'paint the image red' }));
    const fresh = createLexicalRanker({ threshold: 0, novelty: 0 });
    for (const document of documents) {
      const at = Number(document.id.slice(6));
      if (at % 3 === 0) continue;
      fresh.add(at === 1 ? rankDocument('action1', { description: 'paint the image red' }) : document);
    }
    expect(incremental.size).toBe(fresh.size);
    for (const query of ['paint the image', 'copy shape', 'resize text', 'red']) {
      const expected = new Map(fresh.rank(query).map((hit) => [hit.id, hit.score]));
      const found = incremental.rank(query);
      expect(found.map((hit) => hit.id).sort()).toEqual([...expected.keys()].sort());
      for (const hit of found)
        expect(Math.abs(hit.score - expected.get(hit.id)!)).toBeLessThan(0.02 * hit.score);
    }
    expect(incremental.rank('number 0 copy').some((hit) => hit.id === 'action0')).toBe(false);
  });

  it('answers as a fresh index when queried between adds and removes (its per-term caches follow)', () => {
    const documents = Array.from({ length: 40 }, (_, at) =>
      rankDocument(`tool${at}`, {
        description: `${['paint', 'move', 'copy'][at % 3]} the shape ${at % 5 ? 'now' : 'later'}`,
      }),
    );
    const live = createLexicalRanker({ threshold: 0, novelty: 0 });
    const kept = new Map<string, RankDocument>();
    const sameAsFresh = (query: string) => {
      const fresh = createLexicalRanker({ threshold: 0, novelty: 0 });
      for (const document of kept.values()) fresh.add(document);
      const expected = fresh.rank(query);
      const found = live.rank(query);
      expect(found.map((hit) => hit.id).sort()).toEqual(expected.map((hit) => hit.id).sort());
    };
    documents.forEach((document, at) => {
      live.add(document);
      kept.set(document.id, document);
      if (at % 7 === 0) sameAsFresh('paint the shape later');
    });
    for (let at = 0; at < 40; at += 4) {
      live.remove(`tool${at}`);
      kept.delete(`tool${at}`);
      sameAsFresh('copy the shape');
      sameAsFresh('paint later');
    }
    const replaced = rankDocument('tool1', { description: 'copy the shape sideways' });
    live.add(replaced);
    kept.set('tool1', replaced);
    sameAsFresh('copy sideways');
    expect(live.rank('copy sideways', { limit: 1 })[0]?.id).toBe('tool1');
  });

  it('ranks and explains in one pass as rank and explain do apart, for its hits and the documents asked for', () => {
    const documents = Array.from({ length: 80 }, (_, at) =>
      rankDocument(`tool${at}`, {
        description: `${['paint', 'move', 'copy', 'resize'][at % 4]} the ${['shape', 'text'][at % 2]} ${at % 5 ? 'now' : 'later'}`,
        parameters: at % 3 ? [] : [{ name: 'color', description: 'A colour', required: true, value: 'text' }],
      }),
    );
    for (const grounding of [undefined, { penalty: 1, boost: 0.25 }]) {
      const ranker = createLexicalRanker(grounding ? { grounding } : {});
      for (const document of documents) ranker.add(document);
      for (const query of ['paint the shape later', 'copy text', 'move it "Blue"', 'weather']) {
        const everything = new Map(ranker.explain(query).map((hit) => [hit.id, hit]));
        for (const limit of [3, 40]) {
          const also = ['tool79', 'tool2', 'missing', 'tool0'];
          const { hits, explained } = ranker.rankExplained(query, { limit, threshold: 0, also });
          expect(hits).toEqual(ranker.rank(query, { limit, threshold: 0 }));
          const expected = [...hits.map((hit) => hit.id), ...also].filter((id) => everything.has(id));
          expect([...explained.keys()].sort()).toEqual([...new Set(expected)].sort());
          for (const [id, explanation] of explained) expect(explanation).toEqual(everything.get(id));
          // `match` from the same pass: what it answers on its own, for a smaller, equal or larger limit.
          for (const matchLimit of [1, limit, 64, 90]) {
            const shared = ranker.rankExplained(query, { limit, threshold: 0, also, matchLimit });
            expect(shared.matches).toEqual(ranker.match(query, { limit: matchLimit }));
            expect(shared.hits).toEqual(hits);
          }
        }
      }
    }
  });

  it('does not expect a request to repeat the namespace of a dotted name', () => {
    const nameCoverage = (id: string, query: string) => {
      const ranker = createLexicalRanker();
      ranker.add(rankDocument(id, { description: 'Magnetic field around a current' }));
      return ranker.explain(query)[0]?.components.name ?? 0;
    };
    const request = (words: string) => `apply ${words} to this long copper wire`;
    // The pass sums in 32-bit floats: a share is exact to about seven digits.
    expect(nameCoverage('electromagnetism.ampere_law', request('ampere law'))).toBeCloseTo(1, 6);
    expect(nameCoverage('electromagnetismAmpereLaw', request('ampere law'))).toBeCloseTo(2 / 3, 6);
    expect(nameCoverage('electromagnetism.ampere_law', request('ampere'))).toBeCloseTo(0.5, 6);
    // Saying the namespace is still evidence.
    expect(nameCoverage('electromagnetism.ampere_law', request('electromagnetism ampere'))).toBeCloseTo(1, 6);
  });

  it('weighs the parts of the relevance as told', () => {
    const ranker = (relevance: { query: number; name: number; about: number }) => {
      const made = createLexicalRanker({ relevance });
      made.add(
        rankDocument('exportReport', {
          description: 'Write the monthly sales figures to a spreadsheet file',
        }),
      );
      return made;
    };
    const [nameOnly] = ranker({ query: 0, name: 1, about: 0 }).explain('export the quarterly budget');
    const [queryOnly] = ranker({ query: 1, name: 0, about: 0 }).explain('export the quarterly budget');
    expect(nameOnly?.relevance).toBeCloseTo(nameOnly!.components.name, 10);
    expect(queryOnly?.relevance).toBeCloseTo(queryOnly!.components.query, 10);
    expect(nameOnly!.relevance).toBeGreaterThan(queryOnly!.relevance);
  });

  it('forgets the words of removed documents', () => {
    const ranker = createLexicalRanker();
    ranker.add(rankDocument('zebraCount', { description: 'Count the zebras' }));
    expect(ranker.rank('zebra')).toHaveLength(1);
    ranker.remove('zebraCount');
    ranker.remove('zebraCount');
    expect(ranker.rank('zebra')).toEqual([]);
    expect(ranker.rank('zeb')).toEqual([]);
    expect(ranker.size).toBe(0);
  });

  it('follows the registry through register and unregister', () => {
    const registry = createRegistry({ actions: shapeActions, ranker: createLexicalRanker() });
    registry.unregister('shape_resize');
    expect(registry.available({ query: 'make this bigger' }).map((entry) => entry.name)).toEqual([
      'shape_duplicate',
    ]);
    registry.register(shapeActions[1]!);
    expect(registry.available({ query: 'make this bigger' })[0]?.name).toBe('shape_resize');
  });

  it('with grounding, keeps only the actions whose required values the request can supply', () => {
    const grounded = createRegistry({
      actions: shapeActions,
      ranker: createLexicalRanker({ grounding: { penalty: 1, boost: 0.25 } }),
    });
    // updateColor requires a color: "make it red" says one, "change the fill color" names the action only.
    expect(grounded.available({ query: 'make it red' }).map((entry) => entry.name)).toEqual([
      'shape_updateColor',
    ]);
    expect(grounded.available({ query: 'change the fill color' })).toEqual([]);
    expect(
      createRegistry({ actions: shapeActions, ranker: createLexicalRanker() }).available({
        query: 'change the fill color',
      })[0]?.name,
    ).toBe('shape_updateColor');
    // Actions that require nothing are left as they were.
    expect(grounded.available({ query: 'rotate it' }).map((entry) => entry.name)).toEqual(['shape_rotate']);
    expect(() => createLexicalRanker({ grounding: { penalty: 1, boost: -1 } })).toThrow(/boost/);
  });
});

describe('lexical ranker: a request of common words only', () => {
  const describeIt = defineAction({
    scope: 'shape',
    name: 'describe',
    description: 'Read the shape: all of its properties',
    examples: ['What is this?', 'Show its properties'],
  });
  const remove = defineAction({ scope: 'shape', name: 'remove', description: 'Delete the shape' });

  it('answers the action that gives it word for word as an example, and nothing otherwise', () => {
    const ranker = createLexicalRanker();
    for (const action of [describeIt, remove]) ranker.add(rankDocumentOf(action, qualifiedName(action)));
    expect(ranker.rank('what is this')).toEqual([{ id: 'shape_describe', score: 1 }]);
    expect([...ranker.search('  What IS this?! ')]).toEqual([['shape_describe', 1]]);
    expect(ranker.match('what is this?')).toEqual([{ id: 'shape_describe', score: 1, relevant: true }]);
    expect(ranker.rank('what is that?')).toEqual([]);
    // Explained as fully relevant, by `explain` and by a pass that explains its hits.
    const said = {
      id: 'shape_describe',
      score: 1,
      relevance: 1,
      components: { query: 1, name: 1, about: 0 },
    };
    expect(ranker.explain('What is this?')).toEqual([said]);
    const explained = ranker.rankExplained('what is this', { limit: 10, keptOrder: true });
    expect([...explained.explained.values()]).toEqual([said]);
    expect(ranker.explain('what is that?')).toEqual([]);
    ranker.remove('shape_describe');
    expect(ranker.rank('what is this?')).toEqual([]);
  });
});

describe('stemmer-missed variants in match (recall first)', () => {
  // "analyze" stems to "analyz", which analyzeSales holds; "analysis" ("analysi") is a variant the stemmer missed.
  const documents = [
    rankDocument('analyzeSales', { description: 'Analyze the sales of a shop' }),
    rankDocument('salesReport', { description: 'A report with the analysis of the sales' }),
    rankDocument('sendEmail', { description: 'Send an email to a customer' }),
  ];
  const rankerOf = (options: Parameters<typeof createLexicalRanker>[0] = {}, only = documents) => {
    const ranker = createLexicalRanker(options);
    for (const document of only) ranker.add(document);
    return ranker;
  };
  const ids = (hits: ReadonlyArray<{ id: string }>) => hits.map((hit) => hit.id);

  it('looks a term the registry holds up alone in match, with its variants in rank', () => {
    const ranker = rankerOf();
    expect(ids(ranker.match('analyze'))).toEqual(['analyzeSales']);
    expect(ids(ranker.rank('analyze', { threshold: 0 }))).toEqual(['analyzeSales', 'salesReport']);
    expect(ids(rankerOf({ matchVariants: 'all' }).match('analyze'))).toEqual(['analyzeSales', 'salesReport']);
  });

  it('still lets a variant stand in for a term the registry does not hold', () => {
    const ranker = rankerOf({}, documents.slice(1));
    expect(ids(ranker.match('analyze'))).toEqual(['salesReport']);
  });

  it('answers rankExplained with matchLimit as match does, whichever variants match uses', () => {
    for (const matchVariants of ['all', 'unknown'] as const) {
      const ranker = rankerOf({ matchVariants });
      for (const query of ['analyze the sales', 'analysis of sales. Then send an email']) {
        const shared = ranker.rankExplained(query, { limit: 10, threshold: 0, matchLimit: 3 });
        expect(shared.matches).toEqual(ranker.match(query, { limit: 3 }));
        expect(shared.hits).toEqual(ranker.rank(query, { limit: 10, threshold: 0 }));
      }
    }
  });
});
