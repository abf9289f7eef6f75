import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { EmbeddingError } from './embedding-error.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankActions } from './rank-actions.js';
import { createSemanticRanker } from './semantic-ranker.js';
import { shapeActions } from './shape-actions.fixture.js';
import { splitWords } from './tokenize.js';
import type { Embedder } from './types.js';

// A stand-in for an embedding model: each word votes for the concepts it belongs to.
const CONCEPTS: Record<string, number> = {
  size: 0,
  bigger: 0,
  enlarge: 0,
  larger: 0,
  grow: 0,
  width: 0,
  height: 0,
  shrink: 0,
  resize: 0,
  color: 1,
  red: 1,
  blue: 1,
  fill: 1,
  paint: 1,
  copy: 2,
  duplicate: 2,
  clone: 2,
  rotate: 3,
  turn: 3,
  degrees: 3,
  spin: 3,
};

function conceptEmbedder(): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((text) => {
        const vector = [0, 0, 0, 0, 0.3];
        for (const word of splitWords(text)) if (CONCEPTS[word] !== undefined) vector[CONCEPTS[word]!]! += 1;
        return vector;
      });
    },
  };
}

describe('createSemanticRanker', () => {
  it('finds what words alone miss once the query is prepared, and ranks lexically before', async () => {
    const embedder = conceptEmbedder();
    const ranker = createSemanticRanker({ embedder, similarity: { low: 0.3, high: 0.9 } });
    const registry = createRegistry({ actions: shapeActions, ranker });
    expect(registry.available({ query: 'enlarge it' })).toEqual([]);
    expect(ranker.pending).toBe(4);
    await ranker.prepare('enlarge it');
    expect(ranker.pending).toBe(0);
    expect(registry.available({ query: 'enlarge it' })[0]?.name).toBe('shape_resize');
    expect(registry.available({ query: 'enlarge it' }).map((entry) => entry.name)).not.toContain(
      'shape_updateColor',
    );
  });

  it('embeds each document once, in batches, and only what was added since', async () => {
    const embedder = conceptEmbedder();
    const ranker = createSemanticRanker({ embedder, batchSize: 3 });
    const registry = createRegistry({ actions: shapeActions, ranker });
    await ranker.prepare('spin it');
    expect(embedder.calls.map((call) => call.length)).toEqual([3, 1, 1]);
    await ranker.prepare('spin it');
    expect(embedder.calls).toHaveLength(3);
    registry.unregister('shape_rotate');
    await ranker.prepare('turn it');
    expect(embedder.calls.map((call) => call.length)).toEqual([3, 1, 1, 1]);
    expect(ranker.rank('turn it').map((hit) => hit.id)).not.toContain('shape_rotate');
  });

  it('fuses by reciprocal rank when asked, keeping only documents one side finds relevant', async () => {
    const ranker = createSemanticRanker({
      embedder: conceptEmbedder(),
      fusion: 'rrf',
      similarity: { low: 0.3, high: 0.9 },
    });
    createRegistry({ actions: shapeActions, ranker });
    await ranker.prepare('make it red');
    const hits = ranker.rank('make it red');
    expect(hits[0]?.id).toBe('shape_updateColor');
    expect(hits.every((hit) => hit.score > 0 && hit.score <= 1)).toBe(true);
    expect(hits.map((hit) => hit.id)).not.toContain('shape_rotate');
  });

  it('keeps an action that gives a request of common words only as an example, whatever the embedder says', async () => {
    // The request and the actions point different ways: only the lexical side, its examples word for word, finds it.
    const embedder: Embedder = {
      embed: async (texts) => texts.map((text) => (text.startsWith('what is') ? [0, 1] : [1, 0])),
    };
    const ranker = createSemanticRanker({ embedder });
    const describeIt = defineAction({
      scope: 'shape',
      name: 'describe',
      description: 'Read the shape: all of its properties',
      examples: ['What is this?'],
    });
    createRegistry({ actions: [...shapeActions, describeIt], ranker });
    await ranker.prepare('what is this?');
    expect(ranker.rank('what is this?').map((hit) => hit.id)).toEqual(['shape_describe']);
  });

  it('uses a lexical ranker it is given', async () => {
    const lexical = createLexicalRanker({ threshold: 0 });
    const ranker = createSemanticRanker({ embedder: conceptEmbedder(), lexical });
    createRegistry({ actions: shapeActions, ranker });
    expect(lexical.size).toBe(4);
  });

  it('reports an embedder that answers the wrong number of vectors or no numbers', async () => {
    const short = createSemanticRanker({ embedder: { embed: async () => [[1, 0]] } });
    createRegistry({ actions: shapeActions, ranker: short });
    await expect(short.prepare('x')).rejects.toThrow(EmbeddingError);
    const zero = createSemanticRanker({ embedder: { embed: async (texts) => texts.map(() => [0, 0]) } });
    createRegistry({ actions: shapeActions, ranker: zero });
    await expect(zero.prepare('x')).rejects.toThrow(/zero vector/);
  });

  it('stops when the signal aborts', async () => {
    const ranker = createSemanticRanker({ embedder: conceptEmbedder() });
    createRegistry({ actions: shapeActions, ranker });
    await expect(ranker.prepare('x', { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});

describe('rankActions', () => {
  it('prepares the query, then answers available() with the same filters', async () => {
    const ranker = createSemanticRanker({ embedder: conceptEmbedder(), similarity: { low: 0.3, high: 0.9 } });
    const registry = createRegistry({ actions: shapeActions, ranker });
    const found = await rankActions({ registry, ranker, query: 'clone this', limit: 1 });
    expect(found.map((entry) => entry.name)).toEqual(['shape_duplicate']);
    const elsewhere = await rankActions({
      registry,
      ranker,
      query: 'clone this',
      target: { type: 'text', id: 't' },
    });
    expect(elsewhere.every((entry) => !entry.available)).toBe(true);
  });

  it('works with a lexical-only registry', async () => {
    const registry = createRegistry({ actions: shapeActions });
    expect((await rankActions({ registry, query: 'make it red' }))[0]?.name).toBe('shape_updateColor');
  });
});
