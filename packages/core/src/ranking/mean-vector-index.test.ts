import { describe, expect, it } from 'vitest';
import { createMeanVectorIndex } from './mean-vector-index.js';

const unit = (...values: number[]) => {
  const length = Math.hypot(...values);
  return Float32Array.from(values, (value) => value / length);
};

describe('createMeanVectorIndex', () => {
  it('answers the nearest vectors, best first, at most the count asked for', () => {
    const index = createMeanVectorIndex(2);
    index.set('east', unit(1, 0));
    index.set('north', unit(0, 1));
    index.set('north-east', unit(1, 1));
    expect(index.nearest(unit(1, 0.1), 2)).toEqual(['east', 'north-east']);
    expect(index.nearest(unit(0, 1), 5)).toEqual(['north', 'north-east', 'east']);
  });

  it('grows past its first block, replaces a vector set again, and reuses freed slots', () => {
    const index = createMeanVectorIndex(2);
    for (let at = 0; at < 100; at++) index.set(`v${at}`, unit(1, at));
    index.set('v0', unit(-1, 0));
    expect(index.nearest(unit(-1, 0), 1)).toEqual(['v0']);
    index.delete('v0');
    index.delete('missing');
    expect(index.size).toBe(99);
    expect(index.nearest(unit(-1, 0), 1)).not.toContain('v0');
    index.set('west', unit(-1, 0));
    expect(index.size).toBe(100);
    expect(index.nearest(unit(-1, 0), 1)).toEqual(['west']);
  });
});
