import { describe, expect, it } from 'vitest';
import { belowLast, lexicalFirst } from './lexical-first.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';

const hit = (id: string, score: number) => ({ id, score });

describe('lexicalFirst', () => {
  it('puts what the lexical ranker keeps first, in its order, then what only the fusion finds', () => {
    const kept = [hit('a', 0.9), hit('b', 0.5), hit('c', 0.4)];
    // The fusion drops b, ranks c above a, and adds d and e (d scored above everything).
    const fused = [hit('d', 0.95), hit('c', 0.6), hit('a', 0.55), hit('e', 0.2)];
    expect(lexicalFirst(kept, fused)).toEqual([hit('a', 0.9), hit('c', 0.4), hit('d', 0.4), hit('e', 0.2)]);
  });

  it('answers the fusion as it is when the lexical ranker keeps nothing, and nothing when it finds nothing', () => {
    const fused = [hit('d', 0.3), hit('e', 0.2)];
    expect(lexicalFirst([], fused)).toEqual(fused);
    expect(lexicalFirst([hit('a', 1)], [])).toEqual([]);
  });

  it('lowers a score only to the last one before it', () => {
    expect(belowLast([], hit('a', 2))).toEqual(hit('a', 2));
    expect(belowLast([hit('b', 0.5)], hit('a', 0.7))).toEqual(hit('a', 0.5));
    expect(belowLast([hit('b', 0.5)], hit('a', 0.1))).toEqual(hit('a', 0.1));
  });
});

describe("the lexical ranker's kept order", () => {
  const ranker = createLexicalRanker();
  for (const [id, text] of [
    ['resizeShape', 'Resize the selected shape to a new width and height'],
    ['colorShape', 'Change the fill color of the selected shape'],
    ['rotateShape', 'Rotate the selected shape by an angle in degrees'],
    ['deleteShape', 'Delete the selected shape from the canvas'],
    ['exportCanvas', 'Export the canvas as a PNG image file'],
    ['shareCanvas', 'Share a link to the canvas with a colleague'],
  ] as const)
    ranker.add(rankDocument(id, { description: text }));

  it("answers what `rank` answers, with its scores, when the pass's head holds every match", () => {
    for (const query of [
      'resize the shape',
      'color of the canvas',
      'export and share the canvas',
      'shape',
      'xyz',
    ]) {
      const { kept, hits } = ranker.rankExplained(query, { limit: 64, threshold: 0, keptOrder: true });
      expect(kept).toEqual(ranker.rank(query));
      // The pass's own hits are still those of the threshold it was asked for.
      expect(hits).toEqual(ranker.rank(query, { limit: 64, threshold: 0 }));
    }
  });

  it('with firstHitOnly, answers only the first hit and explains only it and the kept', () => {
    for (const query of ['resize the shape', 'export and share the canvas', 'color of the selected shape']) {
      const whole = ranker.rankExplained(query, { limit: 64, threshold: 0, keptOrder: true });
      const lean = ranker.rankExplained(query, {
        limit: 64,
        threshold: 0,
        keptOrder: true,
        firstHitOnly: true,
      });
      expect(lean.kept).toEqual(whole.kept);
      expect(lean.hits).toEqual(whole.hits.slice(0, 1));
      // What the lean pass explains is explained as the whole one explains it, and nothing else.
      const read = new Set([...whole.hits.slice(0, 1), ...(lean.kept ?? [])].map((hit) => hit.id));
      expect([...lean.explained.keys()].sort()).toEqual([...read].sort());
      for (const id of read) expect(lean.explained.get(id)).toEqual(whole.explained.get(id));
    }
  });

  it('with firstHitOnly and no limit, answers only the first hit as well, nothing past the head', () => {
    // More matches than a head holds (30), so the pass has documents past it; each word in fewer than half of them
    // (a word in most documents says nothing and is skipped).
    const many = createLexicalRanker();
    for (let at = 0; at < 40; at++) {
      const words = [at < 25 ? 'color' : '', at >= 15 ? 'paint' : ''].join(' ');
      many.add(rankDocument(`shape${at}`, { description: `${words} item ${at}` }));
    }
    const query = 'color paint';
    const whole = many.rankExplained(query, { limit: Number.POSITIVE_INFINITY, threshold: 0 });
    const lean = many.rankExplained(query, {
      limit: Number.POSITIVE_INFINITY,
      threshold: 0,
      firstHitOnly: true,
    });
    expect(whole.hits.length).toBe(40);
    expect(lean.hits).toEqual(whole.hits.slice(0, 1));
    expect([...lean.explained.keys()]).toEqual([whole.hits[0]!.id]);
  });

  it('is left out unless asked for', () => {
    expect(ranker.rankExplained('resize the shape', { limit: 64, threshold: 0 }).kept).toBeUndefined();
  });
});
