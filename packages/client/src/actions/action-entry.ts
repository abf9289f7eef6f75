import type { AvailableAction, JsonSchema, RunResult } from '@affordance/core';

/**
 * One action as a palette or form shows it: the shape of an entry of `GET /api/actions` ("what can I do here?"),
 * so actions that live on a server render like the client registry's own.
 */
export interface ActionEntry {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** The target type the action works on; its calls need the target's id. */
  readonly scope?: string;
  readonly available: boolean;
  /** Why the action cannot run here (shown beside the greyed entry). */
  readonly reason?: string;
  /** The action's input JSON Schema (for server entries, with the target id parameter included). */
  readonly inputSchema: JsonSchema;
  readonly readOnly?: boolean;
  readonly destructive?: boolean;
  /** The input parameter the target's id fills, when the server names it. */
  readonly targetParam?: string;
}

/** Runs an action by its qualified name, e.g. `POST /api/actions/:name/run`; resolves to the pipeline's result. */
export type RunAction = (name: string, args: Record<string, unknown>) => Promise<RunResult>;

/** The entry of a client-registry action, as `useAvailableActions` lists it. */
export function entryOfAvailable(item: AvailableAction): ActionEntry {
  const { action } = item;
  return {
    name: item.name,
    ...(action.title !== undefined ? { title: action.title } : {}),
    description: action.description,
    ...(action.scope !== undefined ? { scope: action.scope } : {}),
    available: item.available,
    ...(item.reason !== undefined ? { reason: item.reason } : {}),
    inputSchema: action.inputJsonSchema,
    readOnly: action.readOnly === true,
    destructive: action.destructive === true,
  };
}

/**
 * The input parameter a scoped entry's target id fills: the entry's own `targetParam`, else `fallback`, else the
 * first property of its schema (where the server's `toolInputSchema` puts it); unscoped entries have none.
 */
export function entryTargetParam(entry: ActionEntry, fallback?: string): string | undefined {
  if (!entry.scope) return undefined;
  return entry.targetParam ?? fallback ?? Object.keys((entry.inputSchema.properties ?? {}) as object)[0];
}

/** The text an entry is shown and announced by. */
export function entryTitle(entry: ActionEntry): string {
  return entry.title ?? entry.name;
}

/** Whether an action asks for input beyond the target id that `targetParam` already fills. */
export function needsInput(entry: ActionEntry, targetParam: string | undefined): boolean {
  return Object.keys((entry.inputSchema.properties ?? {}) as object).some((key) => key !== targetParam);
}

/** The entries whose title, name or description contains every word of the query (case-insensitive). */
export function filterEntries(entries: readonly ActionEntry[], query: string): readonly ActionEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = `${entry.title ?? ''} ${entry.name} ${entry.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
