// Data: the slide-request tuning set (test/fixtures/slide-requests, written for this repository) over a small slide
// editor of scoped actions (slide-deck.ts).
import { describe, expect, it } from 'vitest';
import { SLIDE_DECK_TARGETS, slideDeckActions } from './slide-deck.js';
import { slideRequests } from './slide-requests.js';

describe('everyday requests to a slide editor, with an element selected', () => {
  it('has its 107 requests of 2 to 10 words, 22 served by no action, each on an element of the deck', () => {
    const requests = slideRequests();
    expect(requests).toHaveLength(107);
    expect(requests.filter((request) => request.expected.length === 0)).toHaveLength(22);
    const names = new Set(slideDeckActions().map((action) => `${action.scope}_${action.name}`));
    expect(names.size).toBe(33);
    const asked = new Set<string>();
    for (const { target, query, expected } of requests) {
      const words = query.split(/\s+/).length;
      expect(words >= 2 && words <= 10, query).toBe(true);
      expect(SLIDE_DECK_TARGETS as readonly string[]).toContain(target);
      for (const name of expected) {
        expect(names.has(name), name).toBe(true);
        expect(name.startsWith(`${target.split(':')[0]}_`), name).toBe(true);
        asked.add(name);
      }
    }
    expect(asked.size).toBe(33);
  });
});
