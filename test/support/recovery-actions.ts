import { defineAction } from '@affordance/core';

const input = { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false } as const;

/**
 * `reserve` (run with an idempotency key) and `publish` (needs approval). In a child that will be killed they
 * print `running <call id>` (the pipeline's id of the call) and never finish; in the parent they finish at once,
 * saying which process ran them.
 */
export function recoveryActions(mode: 'hang' | 'finish') {
  const handler = async (args: { n?: number }, ctx: { readonly callId: string }) => {
    if (mode === 'hang') {
      process.stdout.write(`running ${ctx.callId}\n`);
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
