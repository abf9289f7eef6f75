import { describe, expect, it } from 'vitest';
import { paginate } from './paginate.js';

describe('paginate', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];

  it('answers everything at once without a page size', () => {
    expect(paginate(items, undefined, undefined, 1)).toEqual({ items });
  });

  it('walks the pages with the cursors it hands out', () => {
    const first = paginate(items, undefined, 2, 7);
    expect(first).toEqual({ items: ['a', 'b'], nextCursor: 'v7-o2' });
    const second = paginate(items, first.nextCursor, 2, 7);
    expect(second).toEqual({ items: ['c', 'd'], nextCursor: 'v7-o4' });
    expect(paginate(items, second.nextCursor, 2, 7)).toEqual({ items: ['e'] });
  });

  it('refuses a cursor from another registry version, or not its own, with -32602', () => {
    expect(() => paginate(items, 'v6-o2', 2, 7)).toThrow(expect.objectContaining({ code: -32602 }));
    expect(() => paginate(items, 'garbage', 2, 7)).toThrow(/Invalid cursor: garbage/);
    expect(() => paginate(items, 'v7-o99', 2, 7)).toThrow(/Invalid cursor/);
  });
});
