// The in-memory conversation store lives in core now; it is re-exported here for existing imports.
export { createMemoryConversationStore } from '@affordance/core';

/** A random id with a readable prefix. */
export function newId(prefix: string): string {
  return `${prefix}_${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
}
