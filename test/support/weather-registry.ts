// The one-action registry the runAgent provider tests call: `weather`, recording the arguments it ran with.
import { createRegistry, defineAction } from '@affordance/core';

/** A registry with a `weather` action, and the arguments of each run. */
export function weatherRegistry() {
  const ran: Record<string, unknown>[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'weather',
        description: 'The weather at a place',
        input: {
          type: 'object',
          properties: { location: { type: 'string', minLength: 1 } },
          required: ['location'],
          additionalProperties: false,
        } as const,
        handler: (args) => {
          ran.push(args);
          return `sunny in ${args.location}`;
        },
      }),
    ],
  });
  return { registry, ran };
}
