import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { AffordanceError } from '../errors/action-error.js';
import { createRegistry } from '../registry/create-registry.js';
import { suggestNext } from './suggest-next.js';

const actions = [
  defineAction({
    name: 'createShape',
    description: 'Create a shape',
    next: ['resizeShape', 'colorShape', 'missing'],
  }),
  defineAction({ name: 'resizeShape', description: 'Change width and height' }),
  defineAction({ name: 'colorShape', description: 'Change the fill color' }),
  defineAction({ name: 'reviewShape', description: 'Ask for a review', requires: ['createShape'] }),
  defineAction({
    name: 'publishShape',
    description: 'Publish the shape',
    requires: ['createShape', 'reviewShape'],
  }),
  defineAction({
    name: 'deleteShape',
    description: 'Delete the shape',
    requires: ['createShape'],
    roles: ['admin'],
  }),
  defineAction({ name: 'exportShape', description: 'Export the shape', requires: ['reviewShape'] }),
];

describe('suggestNext', () => {
  const registry = createRegistry({ actions });

  it('offers the `next` actions in order, then those whose requires the call completed', () => {
    const found = suggestNext({ registry, after: 'createShape', user: { id: 'u', roles: ['editor'] } });
    expect(found.map((entry) => [entry.name, entry.source])).toEqual([
      ['resizeShape', 'next'],
      ['colorShape', 'next'],
      ['reviewShape', 'unlocked'],
    ]);
  });

  it('counts earlier successes, from the caller or the session history', async () => {
    const names = (completed?: string[], sessionId?: string) =>
      suggestNext({
        registry,
        after: 'createShape',
        ...(completed ? { completed } : {}),
        ...(sessionId ? { sessionId } : {}),
      }).map((entry) => entry.name);
    expect(names(['reviewShape'])).toContain('publishShape');
    expect(names()).not.toContain('publishShape');
    await registry.store.history.record('s1', 'reviewShape');
    expect(names(undefined, 's1')).toContain('publishShape');
  });

  it('keeps actions the user may not run only when asked for all, with the reason', () => {
    const user = { id: 'u', roles: ['editor'] };
    expect(suggestNext({ registry, after: 'createShape', user }).map((entry) => entry.name)).not.toContain(
      'deleteShape',
    );
    const all = suggestNext({ registry, after: 'createShape', user, include: 'all' });
    expect(all.at(-1)).toMatchObject({ name: 'deleteShape', available: false, source: 'unlocked' });
    expect(all.at(-1)?.reason).toMatch(/admin/);
  });

  it('ranks by what the user asked for within each kind', () => {
    const found = suggestNext({
      registry,
      after: 'createShape',
      query: 'make it red, change the color',
      limit: 2,
    });
    expect(found.map((entry) => entry.name)).toEqual(['colorShape', 'resizeShape']);
    expect(found[0]!.score).toBeGreaterThan(2);
  });

  it('suggests nothing after an action nothing follows, and rejects an unknown name', () => {
    expect(suggestNext({ registry, after: 'colorShape' })).toEqual([]);
    expect(() => suggestNext({ registry, after: 'nope' })).toThrow(AffordanceError);
  });
});
