import { actionError } from '../../errors/action-error.js';
import { stableStringify } from '../../util/stable-stringify.js';
import { type CallState, fail, NEXT, type Step, type StepOutcome } from '../call-state.js';

/** The same idempotency key within the window returns the first outcome without running the handler again. */
export const claimIdempotencyKey: Step = {
  name: 'idempotency',
  run(state) {
    const given = state.call.idempotencyKey;
    if (given === undefined) return NEXT;
    return claim(state, given);
  },
};

async function claim(state: CallState, given: unknown): Promise<StepOutcome> {
  if (typeof given !== 'string' || given === '' || given.length > 256) {
    return fail(
      actionError('invalid_args', 'idempotencyKey must be a non-empty string of at most 256 characters'),
    );
  }
  const key = `${state.user?.id ?? 'anonymous'}:${state.name}:${given}`;
  const fingerprint = stableStringify(state.args);
  const found = await state.runtime.store.idempotency.begin({
    key,
    fingerprint,
    ttlMs: state.runtime.idempotencyTtlMs,
  });
  switch (found.state) {
    case 'new':
      state.idempotencyKey = key;
      return NEXT;
    case 'done':
      return { finish: found.outcome, replayed: true };
    case 'running':
      return fail(
        actionError('duplicate', `a call of ${state.name} with idempotency key '${given}' is still running`, {
          hint: 'wait for it to finish, then send the same key again to read its result',
        }),
      );
    case 'conflict':
      return fail(
        actionError(
          'duplicate',
          `idempotency key '${given}' was already used for ${state.name} with other arguments`,
          {
            hint: 'use a new key for a different call',
          },
        ),
      );
  }
}
