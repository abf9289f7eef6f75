import { describe, expect, it } from 'vitest';
import { AffordanceError, createRegistry, defineAction, type RegistryEvents } from '../index.js';

const shape = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'shape',
  locked: false,
  ...extra,
});

function registryWithShapes() {
  const blocks: Record<string, ReturnType<typeof shape> | { id: string; type: string }> = {
    'shape-1': shape('shape-1'),
    'shape-2': shape('shape-2', { locked: true }),
    'md-1': { id: 'md-1', type: 'markdown' },
  };
  const registry = createRegistry({
    targets: { get: (_type, id) => blocks[id], list: () => Object.values(blocks) },
    actions: [
      defineAction({
        name: 'updateColor',
        scope: 'shape',
        roles: ['editor'],
        description: "Change the shape's fill color",
        examples: ['Make it red'],
        input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        when: ({ target }) => (target?.locked ? { available: false, reason: 'block is locked' } : true),
        handler: () => 'ok',
      }),
      defineAction({
        name: 'resize',
        scope: 'shape',
        roles: ['editor'],
        description: 'Change width and height',
        examples: ['Make it bigger', 'Make this smaller'],
        input: { type: 'object', properties: { width: { type: 'number' }, height: { type: 'number' } } },
        when: ({ target }) => (target?.locked ? { available: false, reason: 'block is locked' } : true),
        handler: () => 'ok',
      }),
      defineAction({ name: 'duplicate', scope: 'shape', description: 'Create a copy', handler: () => 'ok' }),
      defineAction({
        name: 'updateContent',
        scope: 'markdown',
        roles: ['editor'],
        description: 'Change the markdown text',
        handler: () => 'ok',
      }),
      defineAction({
        name: 'publish',
        description: 'Publish the page',
        requires: ['save'],
        handler: () => 'ok',
      }),
      defineAction({ name: 'save', description: 'Save the page', handler: () => 'ok' }),
      defineAction({ name: 'confirm', description: 'Ask the user', available: 'disabled' }),
    ],
  });
  return { registry, blocks };
}

describe('createRegistry', () => {
  it('registers and unregisters at run time with change events and a version', () => {
    const { registry } = registryWithShapes();
    const changes: RegistryEvents['change'][] = [];
    registry.on('change', (event) => changes.push(event));
    const before = registry.version;
    const remove = registry.register(
      defineAction({ name: 'rotate', scope: 'shape', description: 'Rotate by degrees', handler: () => 'ok' }),
    );
    expect(registry.get('shape_rotate')?.name).toBe('rotate');
    remove();
    expect(registry.get('shape_rotate')).toBeUndefined();
    expect(registry.version).toBe(before + 2);
    expect(changes).toEqual([
      { version: before + 1, added: ['shape_rotate'], removed: [] },
      { version: before + 2, added: [], removed: ['shape_rotate'] },
    ]);
  });

  it('refuses a second action with the same qualified name unless replacing', () => {
    const { registry } = registryWithShapes();
    const again = defineAction({ name: 'save', description: 'Save again', handler: () => 'ok' });
    expect(() => registry.register(again)).toThrowError(AffordanceError);
    registry.register(again, { replace: true });
    expect(registry.get('save')?.description).toBe('Save again');
  });

  it('accepts plain definitions and checks them', () => {
    const { registry } = registryWithShapes();
    registry.register({ name: 'plain', description: 'A plain definition', handler: () => 1 });
    expect(registry.get('plain')?.kind).toBe('affordance.action');
    expect(() => registry.register({ name: 'no description', description: '' })).toThrowError(
      /name must start|description/,
    );
  });

  it('finds actions by provider-legal and loose names', () => {
    const registry = createRegistry({
      actions: [defineAction({ name: 'math.factorial', description: 'n!', handler: () => 1 })],
    });
    expect(registry.get('math_factorial')?.name).toBe('math.factorial');
    expect(registry.get('Math.Factorial')?.name).toBe('math.factorial');
  });
});

describe('available: what can I do here?', () => {
  it('filters by target type and explains the rest', () => {
    const { registry, blocks } = registryWithShapes();
    const editor = { id: 'u', roles: ['editor'] };
    const onMarkdown = registry.available({ target: blocks['md-1']!, user: editor });
    const availableNames = onMarkdown.filter((entry) => entry.available).map((entry) => entry.name);
    expect(availableNames).toEqual(['markdown_updateContent', 'save']);
    expect(onMarkdown.find((entry) => entry.name === 'shape_updateColor')?.reason).toBe(
      'acts on a shape, not a markdown',
    );
    expect(onMarkdown.some((entry) => entry.name === 'confirm')).toBe(false);
  });

  it('keeps unavailable actions with their reason, after the available ones', () => {
    const { registry } = registryWithShapes();
    const list = registry.available({
      target: 'shape:shape-2',
      user: { id: 'u', roles: ['editor'] },
      scope: 'shape',
    });
    expect(list.map(({ name, available, reason }) => ({ name, available, reason }))).toEqual([
      { name: 'shape_duplicate', available: true, reason: undefined },
      { name: 'shape_updateColor', available: false, reason: 'block is locked' },
      { name: 'shape_resize', available: false, reason: 'block is locked' },
    ]);
    expect(
      registry
        .available({ target: 'shape:shape-2', include: 'available', scope: 'shape' })
        .map((e) => e.name),
    ).toEqual(['shape_duplicate']);
  });

  it('filters by role and prerequisites', () => {
    const { registry } = registryWithShapes();
    const viewer = registry.available({
      target: { type: 'shape', id: 'shape-1' },
      user: { id: 'v', roles: ['viewer'] },
      scope: 'shape',
    });
    expect(viewer.find((entry) => entry.name === 'shape_resize')?.reason).toMatch(/requires role editor/);
    expect(registry.available({ completed: [] }).find((entry) => entry.name === 'publish')?.reason).toBe(
      'needs save first',
    );
    expect(
      registry.available({ completed: ['save'] }).find((entry) => entry.name === 'publish')?.available,
    ).toBe(true);
  });

  it('ranks by a query and limits, with the kernel keyword matcher when no ranker is given', () => {
    const { registry } = registryWithShapes();
    const ranked = registry.available({ target: 'shape:shape-1', query: 'make this bigger', limit: 2 });
    // "make" and "bigger" are both in resize's example; updateColor's example says "make" only.
    expect(ranked.map((entry) => [entry.name, entry.score])).toEqual([
      ['shape_resize', 1],
      ['shape_updateColor', 0.5],
    ]);
    expect(registry.available({ query: 'what is the weather' })).toEqual([]);
  });

  it('says which target was not found', () => {
    const { registry } = registryWithShapes();
    expect(() => registry.available({ target: 'shape:nope' })).toThrowError(/shape:nope/);
  });
});

describe('tools', () => {
  it('offers only available actions and caches the unfiltered set', () => {
    const { registry } = registryWithShapes();
    const all = registry.toolSet({ format: 'mcp' });
    expect(registry.toolSet({ format: 'mcp' })).toBe(all);
    const onLocked = registry.tools({ format: 'mcp', target: 'shape:shape-2', scope: 'shape' }) as Array<{
      name: string;
    }>;
    expect(onLocked.map((tool) => tool.name)).toEqual(['shape_duplicate']);
    registry.register(defineAction({ name: 'extra', description: 'More', handler: () => 1 }));
    expect(registry.toolSet({ format: 'mcp' })).not.toBe(all);
  });
});

describe('availableAsync', () => {
  it('resolves an async target and reads async session history', async () => {
    const block = { id: 'shape-1', type: 'shape', locked: true };
    const history = new Map<string, Set<string>>();
    const registry = createRegistry({
      targets: { get: async (_type, id) => (id === 'shape-1' ? block : undefined) },
      store: {
        history: {
          succeeded: async (sessionId) => history.get(sessionId) ?? new Set(),
          record: async (sessionId, name) =>
            void history.set(sessionId, new Set([...(history.get(sessionId) ?? []), name])),
        },
      },
      actions: [
        defineAction({
          name: 'unlock',
          scope: 'shape',
          description: 'Unlock',
          when: ({ target }) => Boolean(target?.locked),
          handler: () => 'ok',
        }),
        defineAction({ name: 'publish', description: 'Publish', requires: ['save'], handler: () => 'ok' }),
        defineAction({ name: 'save', description: 'Save', handler: () => 'ok' }),
      ],
    });
    expect(() => registry.available({ target: 'shape:shape-1' })).toThrowError(/synchronous/);
    const onShape = await registry.availableAsync({ target: 'shape:shape-1', include: 'available' });
    expect(onShape.map((entry) => entry.name)).toEqual(['shape_unlock', 'save']);
    await registry.run({ name: 'save', sessionId: 's1' });
    const afterSave = await registry.availableAsync({ sessionId: 's1', include: 'available', scope: null });
    expect(afterSave.map((entry) => entry.name)).toEqual(['publish', 'save']);
    await expect(registry.availableAsync({ target: 'shape:nope' })).rejects.toThrowError(/not found/);
  });
});
