import { useEffect, useState } from 'react';
import { useAffordance } from '../affordance-context.js';

/** Options of `useAgentContext`. */
export interface UseAgentContextOptions {
  /** What the value is, in a few words the model reads: `The selected shapes`. */
  readonly description: string;
  /** Any JSON value; sent as its JSON text (a string as it is). */
  readonly value: unknown;
  /** The id another `useAgentContext` returned: this entry is read as part of it (`Document › Selection`). */
  readonly parentId?: string;
  /** False leaves the entry out (default true), so a hook can stay unconditional. */
  readonly enabled?: boolean;
}

/**
 * Make a piece of app state part of what the model reads on every run of `useAgentChat` (AG-UI `context`), while
 * this component is mounted; the server gives it to the model as data, never as instructions, and to every action
 * call as `ctx.context.appContext`. Answers the entry's id, to nest other entries under it with `parentId`.
 */
export function useAgentContext(options: UseAgentContextOptions): string {
  const { agentContext } = useAffordance();
  const [id] = useState(() => agentContext.newId());
  const { description, value, parentId, enabled = true } = options;
  // Compared as JSON text: a value rebuilt on each render with the same content changes nothing.
  const text = JSON.stringify(value);
  useEffect(() => {
    // Only this entry: entries nested under it stay (hidden while it is off) and come back with it.
    if (!enabled) {
      agentContext.remove(id, { keepNested: true });
      return;
    }
    agentContext.add({
      id,
      description,
      value: text === undefined ? null : JSON.parse(text),
      ...(parentId !== undefined ? { parentId } : {}),
    });
  }, [agentContext, id, description, text, parentId, enabled]);
  useEffect(() => () => agentContext.remove(id, { keepNested: true }), [agentContext, id]);
  return id;
}
