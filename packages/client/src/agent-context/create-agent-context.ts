import { createListeners } from '../listeners.js';

/** One piece of app state the model can read: what it is, and its value (any JSON). */
export interface AgentContextInput {
  /** What the value is, in a few words the model reads: `The selected shapes`, `The open document`. */
  readonly description: string;
  readonly value: unknown;
  /** The entry this one belongs to (an id `add` returned): its description comes first, `Document › Selection`. */
  readonly parentId?: string;
}

/** An entry as the registry holds it. */
export interface AgentContextEntry extends AgentContextInput {
  readonly id: string;
}

/** An AG-UI `RunAgentInput.context` entry. */
export interface AguiContextEntry {
  readonly description: string;
  readonly value: string;
}

/**
 * The app state every agent run sends as AG-UI `context`: entries added while a part of the app is on screen and
 * removed when it goes, nested under the entry of the part that holds them. Framework-free; `useAgentContext` is its
 * React binding.
 */
export interface AgentContext {
  /**
   * Add an entry (or replace the one with its `id`); answers its id. A child may be added before its parent (a
   * React child's effect runs first): it is left out until the parent is there.
   */
  add(entry: AgentContextInput & { readonly id?: string }): string;
  /** A fresh id for an entry not added yet (so children can name it as their parent during render). */
  newId(): string;
  /** Change an entry's description or value (an unknown id is ignored: it was removed). */
  update(id: string, change: Partial<Pick<AgentContextInput, 'description' | 'value'>>): void;
  /**
   * Remove an entry and every entry nested under it; with `keepNested`, only the entry: what is nested under it stays,
   * left out of `toAgui()` until an entry of that id is added again (how `useAgentContext` turns a parent off and on).
   */
  remove(id: string, options?: { readonly keepNested?: boolean }): void;
  /** The entries, in the order they were first added. */
  entries(): readonly AgentContextEntry[];
  /**
   * The entries as AG-UI context: the description is the path from the outermost entry (`Document › Selection`), the
   * value is the JSON text of the value (a string stays as it is). A parent comes before its children; an entry whose
   * parent is not there is left out.
   */
  toAgui(): AguiContextEntry[];
  subscribe(listener: () => void): () => void;
}

/** Create an empty app-context registry. */
export function createAgentContext(): AgentContext {
  const entries = new Map<string, AgentContextEntry>();
  const listeners = createListeners();
  let snapshot: readonly AgentContextEntry[] = [];
  let next = 0;
  const newId = () => {
    next += 1;
    return `ctx-${next}`;
  };
  const changed = () => {
    snapshot = [...entries.values()];
    listeners.notify();
  };
  return {
    newId,
    add(input) {
      const id = input.id ?? newId();
      entries.set(id, {
        id,
        description: input.description,
        value: input.value,
        ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
      });
      changed();
      return id;
    },
    update(id, change) {
      const entry = entries.get(id);
      if (!entry) return;
      entries.set(id, { ...entry, ...change });
      changed();
    },
    remove(id, options) {
      if (!entries.has(id)) return;
      const gone = new Set([id]);
      for (let grew = options?.keepNested !== true; grew; ) {
        grew = false;
        for (const entry of entries.values()) {
          if (entry.parentId !== undefined && gone.has(entry.parentId) && !gone.has(entry.id)) {
            gone.add(entry.id);
            grew = true;
          }
        }
      }
      for (const each of gone) entries.delete(each);
      changed();
    },
    entries: () => snapshot,
    toAgui() {
      const out: AguiContextEntry[] = [];
      const visit = (parentId: string | undefined, path: string) => {
        for (const entry of snapshot) {
          if (entry.parentId !== parentId) continue;
          const description = path === '' ? entry.description : `${path} › ${entry.description}`;
          out.push({ description, value: textOf(entry.value) });
          visit(entry.id, description);
        }
      };
      visit(undefined, '');
      return out;
    },
    subscribe: listeners.subscribe,
  };
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? 'null';
}
