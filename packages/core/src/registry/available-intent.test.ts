import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { AffordanceError } from '../errors/action-error.js';
import type { Ranker } from '../ranking/types.js';
import { createRegistry } from './create-registry.js';

const actions = ['paint', 'resize', 'rotate', 'archive', 'restore'].map((name) =>
  defineAction({ name, scope: 'shape', description: `${name[0]!.toUpperCase()}${name.slice(1)} the shape` }),
);
// Finds "paint" relevant and "resize" a weak match below its threshold; says nothing of the rest.
const ranker: Ranker = {
  add() {},
  remove() {},
  search: (query) => new Map(query.includes('colour') ? [['shape_paint', 0.8]] : []),
  match: (query) =>
    query.includes('colour')
      ? [
          { id: 'shape_paint', score: 0.8, relevant: true },
          { id: 'shape_resize', score: 0.1, relevant: false },
        ]
      : [],
};

describe('available: the two intents of a query', () => {
  it('answers only what is relevant by default, and the top k when asked', () => {
    const registry = createRegistry({ actions, ranker });
    expect(registry.available({ query: 'new colour', limit: 3 })).toEqual([
      expect.objectContaining({ name: 'shape_paint', score: 0.8, relevant: true }),
    ]);
    expect(registry.available({ query: 'the weather', limit: 3 })).toEqual([]);
    const top = registry.available({ query: 'new colour', limit: 3, intent: 'top' });
    expect(top.map(({ name, score, relevant }) => ({ name, score, relevant }))).toEqual([
      { name: 'shape_paint', score: 0.8, relevant: true },
      { name: 'shape_resize', score: 0.1, relevant: false },
      { name: 'shape_rotate', score: 0, relevant: false },
    ]);
    // Nothing matched: still `limit` actions, none flagged relevant.
    const unmatched = registry.available({ query: 'the weather', limit: 2, intent: 'top' });
    expect(unmatched.map((entry) => [entry.name, entry.relevant])).toEqual([
      ['shape_paint', false],
      ['shape_resize', false],
    ]);
  });

  it('fills the top k with available actions first, and cuts on a minScore the caller gives', () => {
    const registry = createRegistry({ actions, ranker });
    const found = registry.available({ query: 'new colour', intent: 'top', minScore: 0.05 });
    expect(found.map((entry) => entry.name)).toEqual(['shape_paint', 'shape_resize']);
    expect(registry.available({ query: 'new colour', intent: 'top' })).toHaveLength(5);
  });

  it('lists the top k as tools by default, for a model to choose from', () => {
    const registry = createRegistry({ actions, ranker });
    const tools = registry.tools({ format: 'mcp', query: 'new colour', limit: 3 });
    expect(tools.map((tool) => tool.name)).toEqual(['shape_paint', 'shape_resize', 'shape_rotate']);
    const relevant = registry.tools({ format: 'mcp', query: 'new colour', limit: 3, intent: 'relevant' });
    expect(relevant.map((tool) => tool.name)).toEqual(['shape_paint']);
  });

  it('ranks what search answers when the ranker has no match (the kernel keyword matcher)', () => {
    const registry = createRegistry({ actions });
    const top = registry.available({ query: 'rotate it', limit: 2, intent: 'top' });
    expect(top.map((entry) => [entry.name, entry.relevant])).toEqual([
      ['shape_rotate', true],
      ['shape_paint', false],
    ]);
  });

  it('refuses an intent it does not know', () => {
    const registry = createRegistry({ actions, ranker });
    const call = () => registry.available({ query: 'x', intent: 'everything' as never });
    expect(call).toThrow(AffordanceError);
    expect(call).toThrow(/intent must be 'top' or 'relevant'/);
  });
});
