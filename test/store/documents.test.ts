import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Block, ID_PREFIX } from '../../examples/canvas/src/model/blocks.js';
import { checkBlock, DocumentStoreError } from '../../examples/canvas/src/model/check-block.js';
import type { DocumentStore } from '../../examples/canvas/src/store/document-store.js';
import { documentStoreContract } from '../../examples/canvas/src/store/document-store-contract.js';
import {
  createPostgresStore,
  type PostgresStore,
  StoreError,
} from '../../packages/store-postgres/src/index.js';

let store: PostgresStore;
let opening: Promise<PostgresStore> | undefined;
const opened = () =>
  (opening ??= createPostgresStore({ dataDir: 'memory://' }).then((value) => (store = value)));
beforeAll(opened, 120_000);
afterAll(() => store?.close(), 60_000);

let documents = 0;
/** A canvas document store over the `documents` table: canvas validation, id prefixes and error kinds. */
async function canvasDocuments(initial: Block[]): Promise<DocumentStore> {
  const documentStore = (await opened()).documents<Block>({
    document: `canvas-${++documents}`,
    check: checkBlock,
    idPrefix: (type) => ID_PREFIX[type as Block['type']],
    error: (kind, message) =>
      new DocumentStoreError(kind === 'type_change' ? 'invalid_block' : kind, message),
  });
  await documentStore.seed(initial);
  return documentStore as DocumentStore;
}

documentStoreContract('PGlite documents table', canvasDocuments);

describe('the generic document store', () => {
  it('counts versions, keeps insertion order after saves, and seeds only an empty document', async () => {
    const notes = store.documents({ document: 'notes-1' });
    expect(
      await notes.seed([
        { id: 'note-1', type: 'note', text: 'a' } as never,
        { id: 'note-2', type: 'note', text: 'b' } as never,
      ]),
    ).toBe(2);
    expect(await notes.seed([{ id: 'note-9', type: 'note' }])).toBe(0);
    await notes.save({ id: 'note-1', type: 'note', text: 'changed' } as never);
    await notes.save({ id: 'note-1', type: 'note', text: 'again' } as never);
    expect(await notes.versionOf('note-1')).toBe(3);
    expect(await notes.versionOf('note-2')).toBe(1);
    expect(await notes.versionOf('note-9')).toBeUndefined();
    expect((await notes.list()).map((note) => note.id)).toEqual(['note-1', 'note-2']);
    const fresh = await notes.insert({ type: 'note' });
    expect(fresh.id).toBe('note-3');
  });

  it('keeps documents apart and answers StoreError codes by default', async () => {
    const first = store.documents({ document: 'apart-1' });
    const second = store.documents({ document: 'apart-2' });
    await first.insert({ id: 'item-1', type: 'item' });
    expect(await second.get('item-1')).toBeUndefined();
    expect((await second.insert({ type: 'item' })).id).toBe('item-1');
    await expect(first.insert({ id: 'item-1', type: 'item' })).rejects.toMatchObject({ code: 'exists' });
    await expect(first.save({ id: 'item-7', type: 'item' })).rejects.toBeInstanceOf(StoreError);
    await expect(first.save({ id: 'item-1', type: 'other' })).rejects.toMatchObject({ code: 'type_change' });
    await expect(first.insert({ type: '' } as never)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('gives each of many simultaneous inserts its own fresh id', async () => {
    const items = store.documents({ document: 'simultaneous' });
    const inserted = await Promise.all(Array.from({ length: 8 }, () => items.insert({ type: 'card' })));
    expect(inserted.map((item) => item.id).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `card-${index + 1}`).sort(),
    );
  });
});
