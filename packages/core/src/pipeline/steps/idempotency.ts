import type { Step } from '../call-state.js';
import { runLoadedOnCall } from '../load-step.js';

// Idempotency keys: both steps are only in the plans of calls that carry a key, and what they do is loaded on the
// first such call (`idempotency-claims.ts`), so a bundle whose calls carry none does not hold it.

/** The same idempotency key within the window returns the first outcome without running the handler again. */
export const claimIdempotencyKey: Step = {
  name: 'idempotency',
  port: 'the idempotency store',
  only: 'keyed',
  run: runLoadedOnCall(() => import('./idempotency-claims.js').then((module) => module.claimKey)),
};

/**
 * After the call: keep its outcome for the claimed key, or give the key up when the call was aborted. A claim lost
 * meanwhile (it expired and another call claimed the key) is left alone, so the newer call's outcome stands; the
 * call still returns its own result, and the loss is logged as a warning. A failing store is logged, and a call that
 * ran answers `handler_error` saying so (see `failedAfterHandler`).
 */
export const settleIdempotencyKey: Step = {
  name: 'settle',
  port: 'the idempotency store',
  only: 'keyed',
  closing: true,
  run: runLoadedOnCall(() => import('./idempotency-claims.js').then((module) => module.settleKey)),
};
