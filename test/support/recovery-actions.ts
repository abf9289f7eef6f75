import { defineAction } from '../../packages/core/src/index.js';

const input = { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false } as const;

/**
 * `reserve` (run with an idempotency key) and `publish` (needs approval). In a child that will be killed they
 * print `running` and never finish; in the parent they finish at once, saying which process ran them.
 */
export function recoveryActions(mode: 'hang' | 'finish') {
  const handler = async (args: { n?: number }) => {
    if (mode === 'hang') {
      process.stdout.write('running\n');
      await new Promise(() => {});
    }
    return { n: args.n ?? 0, pid: process.pid };
  };
  return [
    defineAction({ name: 'reserve', description: 'Reserve a seat, once per key.', input, handler }),
    defineAction({
      name: 'publish',
      description: 'Publish, once a person agrees.',
      input,
      approval: 'always',
      handler,
    }),
  ];
}
