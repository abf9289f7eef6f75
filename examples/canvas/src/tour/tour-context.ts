import type { Registry } from '@affordance/core';
import type { MemoryDocumentStore } from '../store/memory-document-store.js';
import type { Printer } from './printer.js';

/** What every section of the tour works with. */
export interface TourContext {
  readonly registry: Registry;
  readonly documents: MemoryDocumentStore;
  readonly print: Printer;
}
