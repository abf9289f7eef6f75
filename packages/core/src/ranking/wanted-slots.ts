import type { RankedPart } from './request-parts.js';

/** What the marks need of an index: its slots and where an id lives. */
interface Slots {
  readonly slotCapacity: number;
  slotOf(id: string): number | undefined;
}

/**
 * Marks of the slots a lexical pass is to explain besides its hits: `withWanted(ids, use)` runs `use` with a byte
 * per slot set to 1 for the slots of `ids`, and clears them after.
 */
export function createWantedSlots(index: Slots) {
  let wanted = new Uint8Array(0);
  return <T>(ids: Iterable<string>, use: (marks: Uint8Array) => T): T => {
    if (wanted.length < index.slotCapacity) wanted = new Uint8Array(index.slotCapacity + 64);
    const marks = wanted;
    const marked: number[] = [];
    for (const id of ids) {
      const slot = index.slotOf(id);
      if (slot !== undefined) marked.push(slot);
    }
    for (const slot of marked) marks[slot] = 1;
    try {
      return use(marks);
    } finally {
      for (const slot of marked) marks[slot] = 0;
    }
  };
}

/**
 * Mark with 2 the slots of the parts' hits not marked yet (a pass explains them apart); answers what clears those
 * marks.
 */
export function markParts(index: Slots, marks: Uint8Array, parts: readonly RankedPart[]): () => void {
  const marked: number[] = [];
  for (const { hits } of parts)
    for (const { id } of hits) {
      const slot = index.slotOf(id);
      if (slot !== undefined && marks[slot] === 0) {
        marks[slot] = 2;
        marked.push(slot);
      }
    }
  return () => {
    for (const slot of marked) marks[slot] = 0;
  };
}
