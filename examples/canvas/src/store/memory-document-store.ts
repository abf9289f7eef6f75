import { type Block, ID_PREFIX } from '../model/blocks.js';
import { checkBlock, DocumentStoreError } from '../model/check-block.js';
import type { DocumentChange, DocumentStore } from './document-store.js';

/** A document store held in memory, answering `get` and `list` synchronously. */
export interface MemoryDocumentStore extends DocumentStore {
  get(id: string): Block | undefined;
  list(): readonly Block[];
  subscribe(listener: (change: DocumentChange) => void): () => void;
}

/**
 * A document store held in memory, seeded with `initialBlocks` (checked and copied). Stored blocks are
 * frozen, so a handler cannot change one without `save`; ids are never reused after a removal.
 */
export function createMemoryDocumentStore(initialBlocks: Iterable<Block> = []): MemoryDocumentStore {
  const blocks = new Map<string, Block>();
  const highest = new Map<string, number>();
  const listeners = new Set<(change: DocumentChange) => void>();

  const remember = (block: Block) => {
    const match = /^(.*)-(\d+)$/.exec(block.id);
    if (match) highest.set(match[1]!, Math.max(highest.get(match[1]!) ?? 0, Number(match[2])));
  };
  const freshId = (prefix: string) => {
    let next = (highest.get(prefix) ?? 0) + 1;
    while (blocks.has(`${prefix}-${next}`)) next++;
    return `${prefix}-${next}`;
  };
  const emit = (change: DocumentChange) => {
    for (const listener of listeners) listener(change);
  };

  for (const block of initialBlocks) {
    const stored = frozenCopy(checkBlock(block));
    if (blocks.has(stored.id))
      throw new DocumentStoreError('exists', `two initial blocks have the id '${stored.id}'`);
    blocks.set(stored.id, stored);
    remember(stored);
  }

  return {
    get: (id) => blocks.get(id),
    list: () => [...blocks.values()],
    async save(block) {
      const stored = frozenCopy(checkBlock(block));
      const previous = blocks.get(stored.id);
      if (!previous)
        throw new DocumentStoreError(
          'not_found',
          `there is no block '${stored.id}' to save; insert it instead`,
        );
      if (previous.type !== stored.type) {
        throw new DocumentStoreError(
          'invalid_block',
          `block '${stored.id}' is a ${previous.type}; it cannot become a ${stored.type}`,
        );
      }
      blocks.set(stored.id, stored);
      emit({ type: 'block-update', block: stored, previous });
      return stored;
    },
    async insert(block) {
      const { id: given, ...fields } = block;
      const id = given ?? freshId(ID_PREFIX[block.type]);
      if (blocks.has(id))
        throw new DocumentStoreError('exists', `a block with the id '${id}' already exists`);
      const stored = frozenCopy(checkBlock({ id, ...fields }));
      blocks.set(id, stored);
      remember(stored);
      emit({ type: 'block-insert', block: stored });
      return stored;
    },
    async remove(id) {
      const block = blocks.get(id);
      if (!block) return undefined;
      blocks.delete(id);
      emit({ type: 'block-remove', block });
      return block;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function frozenCopy(block: Block): Block {
  const copy = structuredClone(block);
  if (copy.type === 'image' && copy.crop) Object.freeze(copy.crop);
  return Object.freeze(copy);
}
