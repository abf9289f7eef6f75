import { describe, expect, it } from 'vitest';
import { createCanvasRegistry, DEMO_USERS } from './create-canvas-registry.js';
import { BLOCK_TYPES } from './model/blocks.js';
import { demoBlocks } from './model/demo-blocks.js';
import type { DocumentStore } from './store/document-store.js';
import { createMemoryDocumentStore } from './store/memory-document-store.js';

const user = DEMO_USERS.editor;

// A store that answers every read with a promise, as a database store does.
function asyncStore(): DocumentStore {
  const inner = createMemoryDocumentStore(demoBlocks());
  return {
    get: async (id) => inner.get(id),
    list: async () => inner.list(),
    save: (block) => inner.save(block),
    insert: (block) => inner.insert(block),
    remove: (id) => inner.remove(id),
  };
}

describe('createCanvasRegistry', () => {
  it('registers the seed actions for every block type, plus the lifecycle ones', () => {
    const { registry } = createCanvasRegistry();
    const names = registry.names();
    for (const name of [
      'shape_updateColor',
      'shape_resize',
      'shape_rotate',
      'markdown_updateContent',
      'markdown_formatHeading',
      'markdown_insertLink',
      'markdown_convertToCode',
      'image_updateSource',
      'image_addCaption',
      'image_crop',
      'image_addAltText',
    ]) {
      expect(names).toContain(name);
    }
    for (const type of BLOCK_TYPES) {
      for (const verb of ['duplicate', 'lock', 'unlock', 'describe', 'remove'])
        expect(names).toContain(`${type}_${verb}`);
    }
    expect(names).toHaveLength(26);
  });

  it('gives every action a title, a category, examples and roles', () => {
    const { registry } = createCanvasRegistry();
    for (const action of registry.list()) {
      expect(action.title, action.name).toBeTruthy();
      expect(['styling', 'content', 'layout', 'data']).toContain(action.category);
      expect(action.examples?.length, action.name).toBeGreaterThan(0);
      expect(action.roles?.length, action.name).toBeGreaterThan(0);
    }
  });

  it('keeps each registry on its own document', async () => {
    const first = createCanvasRegistry();
    const second = createCanvasRegistry();
    await first.registry.run({
      name: 'shape_updateColor',
      args: { blockId: 'shape-1', color: '#000000' },
      user,
    });
    expect(second.documents.get('shape-1')?.color).toBe('#3b82f6');
  });

  it('runs against an async store, and lists targets through it', async () => {
    const documents = asyncStore();
    const { registry } = createCanvasRegistry({ documents });
    const result = await registry.run({
      name: 'shape_rotate',
      args: { blockId: 'shape-1', degrees: 90 },
      user,
    });
    expect(result.ok).toBe(true);
    expect(await documents.get('shape-1')).toMatchObject({ rotation: 90 });
    expect(await registry.targets?.list?.()).toHaveLength(6);
    const target = await registry.resolveTarget('shape:shape-2');
    expect(
      registry
        .available({ target: target!, user, scope: 'shape', include: 'available' })
        .map((entry) => entry.name),
    ).toEqual(['shape_duplicate', 'shape_unlock', 'shape_describe']);
  });

  it('lets call-level services swap the document a handler saves to', async () => {
    const { registry, documents } = createCanvasRegistry();
    const other = createMemoryDocumentStore(demoBlocks());
    await registry.run({
      name: 'shape_resize',
      args: { blockId: 'shape-1', width: 1, height: 1 },
      user,
      services: { documents: other },
    });
    expect(other.get('shape-1')).toMatchObject({ width: 1 });
    expect(documents.get('shape-1')).toMatchObject({ width: 160 });
  });

  it('fails a handler with a clear message when no document store reaches it', async () => {
    const { registry } = createCanvasRegistry();
    const result = await registry.run({
      name: 'shape_resize',
      args: { blockId: 'shape-1', width: 1, height: 1 },
      user,
      services: { documents: undefined },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'handler_error' } });
    expect(result.ok || result.error.message).toContain('ctx.services.documents is not a document store');
  });

  it('registers extra actions beside the canvas ones', () => {
    const { registry } = createCanvasRegistry({
      actions: [{ name: 'ping', description: 'Answer pong', handler: () => 'pong' }],
    });
    expect(registry.names()).toContain('ping');
  });
});
