import {
  type AnyAction,
  createRegistry,
  type Registry,
  type RegistryOptions,
  type User,
} from '@affordance/core';
import { createLexicalRanker } from '@affordance/core/ranking';
import { canvasActions } from './actions/canvas-actions.js';
import { demoBlocks } from './model/demo-blocks.js';
import type { DocumentStore } from './store/document-store.js';
import { createMemoryDocumentStore } from './store/memory-document-store.js';

/** Options of `createCanvasRegistry`: the registry's own options, plus where the blocks live. */
export interface CanvasRegistryOptions extends Omit<RegistryOptions, 'actions' | 'targets'> {
  /** The document (default: an in-memory store seeded with `demoBlocks()`). */
  readonly documents?: DocumentStore;
  /** Actions to register beside the canvas ones. */
  readonly actions?: RegistryOptions['actions'];
}

/** A registry with every canvas action, and the document store its targets and handlers use. */
export interface CanvasRegistry<TStore extends DocumentStore = DocumentStore> {
  readonly registry: Registry;
  readonly documents: TStore;
}

/** Demo users: `ana` edits, `vic` only views. */
export const DEMO_USERS = {
  editor: { id: 'ana', name: 'Ana (editor)', roles: ['editor'] },
  viewer: { id: 'vic', name: 'Vic (viewer)', roles: ['viewer'] },
} as const satisfies Record<string, User>;

/**
 * Build the canvas demo registry: targets resolve through the document store (block ids are the `blockId`
 * argument), and handlers save through `ctx.services.documents`, the same store.
 */
export function createCanvasRegistry(
  options?: Omit<CanvasRegistryOptions, 'documents'>,
): CanvasRegistry<ReturnType<typeof createMemoryDocumentStore>>;
export function createCanvasRegistry<TStore extends DocumentStore>(
  options: CanvasRegistryOptions & { readonly documents: TStore },
): CanvasRegistry<TStore>;
export function createCanvasRegistry(options: CanvasRegistryOptions = {}): CanvasRegistry {
  const {
    documents = createMemoryDocumentStore(demoBlocks()),
    actions = [],
    services,
    ...registryOptions
  } = options;
  const registry = createRegistry({
    ...registryOptions,
    // The canvas is a demo of ranking too: the lexical ranker unless the caller brings its own.
    ranker: registryOptions.ranker ?? createLexicalRanker(),
    actions: [...canvasActions(), ...(actions as readonly AnyAction[])],
    targets: {
      // A block of another type is returned as it is, so the call fails with target_mismatch, not "not found".
      get: (_type, id) => documents.get(id),
      list: () => documents.list(),
    },
    services: { ...services, documents },
  });
  return { registry, documents };
}
