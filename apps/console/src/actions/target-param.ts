import type { ActionEntry } from '../api/types.js';

/** The name of a scoped action's target id parameter: the server puts it first in the input schema. */
export function targetParamOf(entry: ActionEntry): string | undefined {
  if (!entry.scope) return undefined;
  return Object.keys((entry.inputSchema.properties ?? {}) as object)[0];
}

/** Whether running the action needs more than its target: then a form is shown first. */
export function needsInput(entry: ActionEntry, hasTarget = true): boolean {
  const param = hasTarget ? targetParamOf(entry) : undefined;
  return Object.keys((entry.inputSchema.properties ?? {}) as object).some((key) => key !== param);
}

/** Whether a property looks like a hex colour (`^#[0-9a-f]{6}$`-style pattern), so a colour picker helps. */
export function isHexColorPattern(pattern: unknown): boolean {
  return typeof pattern === 'string' && pattern.toLowerCase().replace('a-fa-f', 'a-f') === '^#[0-9a-f]{6}$';
}
