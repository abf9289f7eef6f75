import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import type { Ranker } from '../ranking/types.js';
import { createRegistry } from './create-registry.js';

// Twelve "export" actions; the even ones need the admin role, so an editor sees them greyed out.
const actions = Array.from({ length: 12 }, (_, at) =>
  defineAction({
    name: `export${at}`,
    description: `Export the report ${'as a file '.repeat(12 - at)}`,
    ...(at % 2 === 0 ? { roles: ['admin'] } : {}),
  }),
);
const editor = { id: 'e', roles: ['editor'] };

describe('available with a query and a limit', () => {
  it('answers the first entries of the unlimited answer, available ones first', () => {
    const registry = createRegistry({ actions });
    const all = registry.available({ query: 'export report file', user: editor });
    expect(all.length).toBe(12);
    expect(all.slice(0, 6).every((entry) => entry.available)).toBe(true);
    for (const limit of [0, 1, 3, 6, 7, 12, 20]) {
      expect(registry.available({ query: 'export report file', user: editor, limit })).toEqual(
        all.slice(0, limit),
      );
      expect(
        registry.available({ query: 'export report file', user: editor, limit, include: 'available' }),
      ).toEqual(all.filter((entry) => entry.available).slice(0, limit));
    }
  });

  it('orders the matches of a ranker that answers them in any order', () => {
    const scores = new Map(actions.map((action, at) => [action.name, (at + 1) / 20]));
    const shuffled: Ranker = {
      add() {},
      remove() {},
      search: () =>
        new Map(
          [...scores]
            .reverse()
            .filter((_, at) => at % 3 !== 0)
            .concat([...scores].reverse().filter((_, at) => at % 3 === 0)),
        ),
    };
    const registry = createRegistry({ actions, ranker: shuffled });
    const found = registry.available({ query: 'anything', user: editor, include: 'available', limit: 3 });
    expect(found.map((entry) => entry.name)).toEqual(['export11', 'export9', 'export7']);
  });
});
