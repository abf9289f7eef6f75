import { describe, expect, it } from 'vitest';
import { buildImpactList } from './impact-list.js';

const posting = (slot: number, field: number, tf: number) => (slot << 8) | (field << 5) | tf;

describe('buildImpactList', () => {
  it('merges the fields of each document into one weighted count and a field mask', () => {
    const fieldCount = 3;
    // Norms per slot and field: slot 0 → [2, 1, 0.5], slot 4 → [3, 1, 0.25].
    const norms = new Float32Array(5 * fieldCount);
    norms.set([2, 1, 0.5], 0);
    norms.set([3, 1, 0.25], 4 * fieldCount);
    const list = buildImpactList(
      [posting(4, 0, 1), posting(4, 2, 4), posting(0, 1, 2), posting(0, 2, 2)],
      2,
      norms,
      fieldCount,
    );
    expect([...list.entries]).toEqual([(4 << 8) | 0b101, (0 << 8) | 0b110]);
    expect([...list.values]).toEqual([1 * 3 + 4 * 0.25, 2 * 1 + 2 * 0.5]);
  });

  it('answers an empty list for a term without postings', () => {
    const list = buildImpactList([], 0, new Float32Array(8), 8);
    expect(list.entries).toHaveLength(0);
    expect(list.values).toHaveLength(0);
  });
});
