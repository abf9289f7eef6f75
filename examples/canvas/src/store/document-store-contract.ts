import { describe, expect, it } from 'vitest';
import type { Block } from '../model/blocks.js';
import { DocumentStoreError } from '../model/check-block.js';
import { demoBlocks } from '../model/demo-blocks.js';
import type { DocumentChange, DocumentStore } from './document-store.js';

/**
 * The behaviour every `DocumentStore` must have, as a vitest suite. Call it from a test file with a factory
 * that makes an empty-but-seeded store (`create(demoBlocks())`).
 */
export function documentStoreContract(
  name: string,
  create: (initial: Block[]) => DocumentStore | Promise<DocumentStore>,
): void {
  describe(`${name} (document store contract)`, () => {
    it('lists the seeded blocks in order and gets them by id', async () => {
      const store = await create(demoBlocks());
      const listed = await store.list();
      expect(listed.map((block) => block.id)).toEqual(demoBlocks().map((block) => block.id));
      expect(await store.get('shape-1')).toEqual(demoBlocks()[0]);
      expect(await store.get('nope')).toBeUndefined();
    });

    it('saves a changed copy and keeps the order', async () => {
      const store = await create(demoBlocks());
      const shape = (await store.get('shape-1')) as Extract<Block, { type: 'shape' }>;
      const saved = await store.save({ ...shape, color: '#ff0000' });
      expect(saved).toMatchObject({ id: 'shape-1', color: '#ff0000' });
      expect(await store.get('shape-1')).toMatchObject({ color: '#ff0000' });
      expect((await store.list()).map((block) => block.id)[0]).toBe('shape-1');
    });

    it('refuses to save an unknown id, a malformed block or a change of type', async () => {
      const store = await create(demoBlocks());
      const shape = (await store.get('shape-1')) as Extract<Block, { type: 'shape' }>;
      await expect(store.save({ ...shape, id: 'shape-99' })).rejects.toMatchObject({ kind: 'not_found' });
      await expect(store.save({ ...shape, color: 'red' })).rejects.toThrow(/color must match/);
      await expect(store.save({ ...shape, width: -1 })).rejects.toBeInstanceOf(DocumentStoreError);
      const image = (await store.get('image-1'))!;
      await expect(store.save({ ...image, id: 'shape-1' } as Block)).rejects.toMatchObject({
        kind: 'invalid_block',
      });
      expect(await store.get('shape-1')).toMatchObject({ color: shape.color });
    });

    it('inserts with a fresh id per type and never reuses a removed one', async () => {
      const store = await create(demoBlocks());
      const { id: _id, ...rest } = (await store.get('md-1'))!;
      const first = await store.insert(rest as Omit<Block, 'id'> as Parameters<DocumentStore['insert']>[0]);
      expect(first.id).toBe('md-3');
      expect(await store.remove('md-3')).toMatchObject({ id: 'md-3' });
      const second = await store.insert(rest as Parameters<DocumentStore['insert']>[0]);
      expect(second.id).toBe('md-4');
      expect((await store.list()).at(-1)?.id).toBe('md-4');
    });

    it('refuses to insert a taken id and answers undefined when removing an unknown one', async () => {
      const store = await create(demoBlocks());
      await expect(store.insert(demoBlocks()[0]!)).rejects.toMatchObject({ kind: 'exists' });
      expect(await store.remove('shape-99')).toBeUndefined();
      expect(await store.list()).toHaveLength(demoBlocks().length);
    });

    it('returns blocks that cannot be changed behind its back', async () => {
      const store = await create(demoBlocks());
      const shape = (await store.get('shape-1')) as { color: string };
      expect(() => {
        shape.color = '#000000';
      }).toThrow(TypeError);
      expect(await store.get('shape-1')).toMatchObject({ color: '#3b82f6' });
    });

    it('tells subscribers about every change', async () => {
      const store = await create(demoBlocks());
      if (!store.subscribe) return;
      const changes: DocumentChange['type'][] = [];
      const stop = store.subscribe((change) => changes.push(change.type));
      const shape = (await store.get('shape-1'))!;
      await store.save({ ...shape, locked: true } as Block);
      const copy = await store.insert({ ...shape, id: undefined } as Parameters<DocumentStore['insert']>[0]);
      await store.remove(copy.id);
      stop();
      await store.remove('shape-3');
      expect(changes).toEqual(['block-update', 'block-insert', 'block-remove']);
    });
  });
}
