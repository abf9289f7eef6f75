import { describe, expect, it } from 'vitest';
import { rovingIndex } from './roving-index.js';

describe('rovingIndex', () => {
  const menu = { axis: 'vertical', wrap: true } as const;
  const list = { axis: 'vertical', wrap: false } as const;

  it('wraps round past either end when asked, and stays at the end otherwise', () => {
    expect(rovingIndex('ArrowDown', 2, 3, menu)).toBe(0);
    expect(rovingIndex('ArrowUp', 0, 3, menu)).toBe(2);
    expect(rovingIndex('ArrowDown', 2, 3, list)).toBe(2);
    expect(rovingIndex('ArrowUp', 0, 3, list)).toBe(0);
    expect(rovingIndex('ArrowDown', 0, 3, list)).toBe(1);
  });

  it('moves with the keys of its axis only; Home and End go to the ends', () => {
    expect(rovingIndex('ArrowRight', 0, 3, menu)).toBeUndefined();
    expect(rovingIndex('ArrowRight', 0, 3, { axis: 'horizontal', wrap: true })).toBe(1);
    expect(rovingIndex('ArrowDown', 0, 3, { axis: 'horizontal', wrap: true })).toBeUndefined();
    expect(rovingIndex('Home', 2, 3, menu)).toBe(0);
    expect(rovingIndex('End', 0, 3, menu)).toBe(2);
    expect(rovingIndex('Enter', 0, 3, menu)).toBeUndefined();
  });

  it('moves nowhere among no items', () => {
    expect(rovingIndex('ArrowDown', 0, 0, menu)).toBeUndefined();
  });
});
