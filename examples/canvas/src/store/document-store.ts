import type { Block, NewBlock } from '../model/blocks.js';

/** A value now, or a promise of it: in-memory stores answer synchronously, database stores asynchronously. */
export type MaybePromise<TValue> = TValue | Promise<TValue>;

/** What changed in a document, as subscribers hear it. */
export type DocumentChange =
  | { readonly type: 'block-insert'; readonly block: Block }
  | { readonly type: 'block-update'; readonly block: Block; readonly previous: Block }
  | { readonly type: 'block-remove'; readonly block: Block };

/**
 * Port: the blocks of one canvas document. Blocks come back immutable; to edit one, save a changed copy.
 * Every implementation passes `documentStoreContract`.
 */
export interface DocumentStore {
  /** The block with this id, or undefined. */
  get(id: string): MaybePromise<Block | undefined>;
  /** Every block, in document order (insertion order). */
  list(): MaybePromise<readonly Block[]>;
  /** Replace an existing block (matched by id); throws `DocumentStoreError` for an unknown id or a malformed block. */
  save(block: Block): Promise<Block>;
  /** Add a block at the end, giving it a fresh id (`shape-4`) when it has none; throws when the id is taken. */
  insert(block: NewBlock): Promise<Block>;
  /** Remove a block; answers the removed block, or undefined when there was none. */
  remove(id: string): Promise<Block | undefined>;
  /** Hear every change; returns a function that stops listening. */
  subscribe?(listener: (change: DocumentChange) => void): () => void;
}

/** Whether a value looks like a document store (used to check `ctx.services.documents`). */
export function isDocumentStore(value: unknown): value is DocumentStore {
  if (typeof value !== 'object' || value === null) return false;
  const store = value as Record<string, unknown>;
  return ['get', 'list', 'save', 'insert', 'remove'].every((method) => typeof store[method] === 'function');
}
