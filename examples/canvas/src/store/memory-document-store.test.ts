import { describe, expect, it } from 'vitest';
import { demoBlocks } from '../model/demo-blocks.js';
import { isDocumentStore } from './document-store.js';
import { documentStoreContract } from './document-store-contract.js';
import { createMemoryDocumentStore } from './memory-document-store.js';

documentStoreContract('memory document store', (initial) => createMemoryDocumentStore(initial));

describe('createMemoryDocumentStore', () => {
  it('answers get and list synchronously, so available() can resolve targets', () => {
    const store = createMemoryDocumentStore(demoBlocks());
    expect(store.get('md-2')).toMatchObject({ type: 'markdown', locked: true });
    expect(store.list()).toHaveLength(6);
  });

  it('refuses malformed or duplicate seed blocks with a clear message', () => {
    expect(() => createMemoryDocumentStore([{ ...demoBlocks()[0]!, type: 'circle' } as never])).toThrow(
      /block type must be one of shape, markdown, image; got "circle"/,
    );
    expect(() => createMemoryDocumentStore([demoBlocks()[0]!, demoBlocks()[0]!])).toThrow(
      /two initial blocks have the id 'shape-1'/,
    );
  });

  it('does not keep a reference to the seed objects', () => {
    const seed = demoBlocks();
    const store = createMemoryDocumentStore(seed);
    (seed[0] as { color: string }).color = '#000000';
    expect(store.get('shape-1')).toMatchObject({ color: '#3b82f6' });
  });

  it('is recognised as a document store', () => {
    expect(isDocumentStore(createMemoryDocumentStore())).toBe(true);
    expect(isDocumentStore({ get() {} })).toBe(false);
  });
});
