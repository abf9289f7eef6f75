import { createRegistry, defineAction, type Registry } from '@affordance/core';

/**
 * A small notes app: reading for all, deleting for editors after a person approves, publishing when ready. The
 * framework bindings' tests share it (packages/langchain, packages/openai-agents).
 */
export function notesRegistry(): { registry: Registry; deleted: string[]; reads: string[] } {
  const notes = new Map([
    ['n1', 'Buy milk'],
    ['n2', 'Call Ana'],
  ]);
  const deleted: string[] = [];
  const reads: string[] = [];
  const read = defineAction({
    name: 'notes.read',
    description: 'Read one note by id',
    input: {
      type: 'object',
      properties: { id: { type: 'string', minLength: 2 } },
      required: ['id'],
      additionalProperties: false,
    },
    readOnly: true,
    rateLimit: { points: 2, duration: 60, per: 'user' },
    handler: ({ id }) => {
      reads.push(id);
      return notes.get(id) ?? null;
    },
  });
  const remove = defineAction({
    name: 'notes.delete',
    description: 'Delete a note for good',
    input: {
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    },
    roles: ['editor'],
    approval: 'always',
    destructive: true,
    handler: ({ id }) => {
      deleted.push(id);
      notes.delete(id);
      return { deleted: id };
    },
  });
  const publish = defineAction({
    name: 'notes.publish',
    description: 'Publish the notebook',
    when: ({ context }) =>
      (context as { ready?: boolean }).ready === true
        ? true
        : { available: false, reason: 'the notebook is not ready: finish the draft first' },
    handler: () => 'published',
  });
  return { registry: createRegistry({ actions: [read, remove, publish] }), deleted, reads };
}
