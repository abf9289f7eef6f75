import { defineAction } from '@affordance/core';

/**
 * An action `wait` that runs until its call is aborted (then rejects with the signal's reason), and `running`,
 * which resolves once the handler started: abort tests of the framework bindings wait on it before aborting.
 */
export function waitAction() {
  let started: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const action = defineAction({
    name: 'wait',
    description: 'Wait until stopped',
    handler: (_input, ctx) =>
      new Promise((_resolve, reject) => {
        started();
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
      }),
  });
  return { action, running };
}
