import { describe, expect, it, vi } from 'vitest';
import { createAgentContext } from './create-agent-context.js';

describe('createAgentContext', () => {
  it('answers the entries as AG-UI context: JSON values, strings as they are, in the order added', () => {
    const context = createAgentContext();
    context.add({ description: 'The open document', value: 'q3-report' });
    context.add({ description: 'The selected shapes', value: ['shape-1', 'shape-2'] });
    expect(context.toAgui()).toEqual([
      { description: 'The open document', value: 'q3-report' },
      { description: 'The selected shapes', value: '["shape-1","shape-2"]' },
    ]);
  });

  it('nests an entry under its parent, parent first, even when the child was added first', () => {
    const context = createAgentContext();
    const parent = context.newId();
    context.add({ description: 'Selection', value: { count: 2 }, parentId: parent });
    // Until its parent is there, a child is left out.
    expect(context.toAgui()).toEqual([]);
    context.add({ id: parent, description: 'Document q3', value: { pages: 4 } });
    context.add({ description: 'Theme', value: 'dark' });
    expect(context.toAgui()).toEqual([
      { description: 'Document q3', value: '{"pages":4}' },
      { description: 'Document q3 › Selection', value: '{"count":2}' },
      { description: 'Theme', value: 'dark' },
    ]);
  });

  it('removes an entry with everything nested under it, and notifies subscribers of each change', () => {
    const context = createAgentContext();
    const listener = vi.fn();
    const unsubscribe = context.subscribe(listener);
    const doc = context.add({ description: 'Document', value: 'a' });
    const page = context.add({ description: 'Page', value: 1, parentId: doc });
    context.add({ description: 'Cell', value: 'B2', parentId: page });
    const theme = context.add({ description: 'Theme', value: 'dark' });
    context.update(theme, { value: 'light' });
    context.remove(doc);
    expect(context.toAgui()).toEqual([{ description: 'Theme', value: 'light' }]);
    expect(context.entries().map((entry) => entry.id)).toEqual([theme]);
    expect(listener).toHaveBeenCalledTimes(6);
    unsubscribe();
    context.remove(theme);
    context.update(theme, { value: 'gone' });
    expect(listener).toHaveBeenCalledTimes(6);
    expect(context.toAgui()).toEqual([]);
  });

  it('with keepNested, removes only the entry: what is nested under it is hidden, and back when it is', () => {
    const context = createAgentContext();
    const doc = context.add({ description: 'Document', value: 'a' });
    context.add({ description: 'Selection', value: 2, parentId: doc });
    context.remove(doc, { keepNested: true });
    expect(context.toAgui()).toEqual([]);
    context.add({ id: doc, description: 'Document', value: 'b' });
    expect(context.toAgui()).toEqual([
      { description: 'Document', value: 'b' },
      { description: 'Document › Selection', value: '2' },
    ]);
  });

  it('leaves out entries in a parent cycle instead of looping', () => {
    const context = createAgentContext();
    const a = context.newId();
    const b = context.newId();
    context.add({ id: a, description: 'A', value: 1, parentId: b });
    context.add({ id: b, description: 'B', value: 2, parentId: a });
    expect(context.toAgui()).toEqual([]);
  });
});
