import { createCanvasRegistry, DEMO_USERS } from '@affordance/canvas';
import type { ModelRequest } from '@affordance/core/agent';

// Shared setup of the runAgent canvas tests: the demo's editor, its first shape, and a completion condition.

/** The demo's editor user. */
export const editor = DEMO_USERS.editor;
/** The shape the tests edit. */
export const target = 'shape:shape-1';

/** The names of the tools a request offers. */
export function toolNames(request: ModelRequest): string[] {
  return (request.tools ?? []).map((tool) => (tool as { function: { name: string } }).function.name);
}

/** A fresh canvas registry and a condition that passes once shape-1 is locked. */
export function canvas() {
  const { registry, documents } = createCanvasRegistry();
  const lockedCheck = {
    name: 'shape-1 is locked',
    check: async () =>
      documents.get('shape-1')?.locked === true
        ? { ok: true, message: 'shape-1 is locked' }
        : { ok: false, message: 'shape-1 is still unlocked; lock it' },
  };
  return { registry, documents, lockedCheck };
}
