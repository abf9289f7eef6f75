import { actionError } from '../../errors/action-error.js';
import type { IdempotencyClaim, InterruptedClaim } from '../../ports/idempotency-store.js';
import { stableStringify } from '../../util/stable-stringify.js';
import { type CallState, fail, NEXT, type StepAnswer, type StepOutcome } from '../call-state.js';
import { failedAfterHandler } from '../failed-after-handler.js';

// What idempotency keys do, loaded by the steps of `idempotency.ts` on the first call that carries a key: the
// `idempotency` step claims the key (or replays the first outcome), a timer renews the claim's lease while the call
// runs, and the `settle` step at the end keeps the outcome for the key or releases it.

/** The body of the `idempotency` step (`idempotency.ts`): claim the call's key, or replay its first outcome. */
export function claimKey(state: CallState): StepAnswer {
  const given = state.call.idempotencyKey;
  if (given === undefined) return NEXT;
  return claim(state, given);
}

/** The body of the `settle` step (`idempotency.ts`). */
export function settleKey(state: CallState): StepAnswer {
  if (!state.idempotencyClaim) return NEXT;
  return settle(state, state.idempotencyClaim);
}

// The `call` step has checked the key: a string of 1 to 256 storable characters.
async function claim(state: CallState, given: string): Promise<StepOutcome> {
  const key = `${state.user?.id ?? 'anonymous'}:${state.name}:${given}`;
  const fingerprint = stableStringify(state.args);
  const { runtime } = state;
  const found = await runtime.store.idempotency.begin({
    key,
    fingerprint,
    ttlMs: runtime.idempotencyTtlMs,
    leaseMs: runtime.idempotencyLeaseMs,
    callId: state.callId,
  });
  switch (found.state) {
    case 'new':
      state.idempotencyClaim = found.claim;
      state.idempotencyLease = holdLease(state, found.claim);
      if (found.interrupted) await recordInterruptedClaim(state, given, found.interrupted);
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

async function settle(state: CallState, claim: IdempotencyClaim): Promise<StepOutcome> {
  clearInterval(state.idempotencyLease);
  const outcome = state.outcome!;
  const store = state.runtime.store.idempotency;
  const aborted = !outcome.ok && outcome.error.code === 'aborted';
  try {
    const held = aborted ? await store.release(claim) : await store.complete(claim, outcome);
    if (!held) {
      state.runtime.logger.warn(
        {
          callId: state.callId,
          name: state.name,
          key: claim.key,
          outcome: outcome.ok ? 'ok' : outcome.error.code,
        },
        aborted
          ? 'idempotency claim lost before the aborted call could release it; the newer claim is kept'
          : 'idempotency claim lost: the key expired and was claimed by another call, whose outcome is kept',
      );
    }
  } catch (error) {
    state.outcome = failedAfterHandler(state, outcome, 'its idempotency key could not be settled', error);
  }
  return NEXT;
}

// Renew the claim's lease every third of it while the call runs, so only a call whose process stopped loses it.
function holdLease(state: CallState, claim: IdempotencyClaim): ReturnType<typeof setInterval> {
  const { runtime } = state;
  const leaseMs = runtime.idempotencyLeaseMs;
  const timer = setInterval(
    () => {
      runtime.store.idempotency.renew(claim, leaseMs).then(
        (held) => {
          if (!held) clearInterval(timer);
        },
        (error: unknown) =>
          runtime.logger.error({ callId: state.callId, err: error }, 'idempotency lease renewal failed'),
      );
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/**
 * Audit the call whose idempotency key this call just took over: its process stopped while it ran (the lease ran
 * out), so it never wrote a record of its own. The record says which key, when it was claimed and who took it over.
 */
async function recordInterruptedClaim(
  state: CallState,
  key: string,
  interrupted: InterruptedClaim,
): Promise<void> {
  const { runtime, user } = state;
  try {
    await runtime.store.audit.record({
      callId: interrupted.callId ?? `${state.callId}-interrupted`,
      ...(state.call.sessionId ? { sessionId: state.call.sessionId } : {}),
      ...(user?.id ? { userId: user.id } : {}),
      ...(user?.tenantId ? { tenantId: user.tenantId } : {}),
      name: state.name,
      args: undefined,
      outcome: 'error',
      errorCode: 'aborted',
      errorMessage: `interrupted: the process running ${state.name} with idempotency key '${key}' stopped before it finished; call ${state.callId} took the key over`,
      startedAt: interrupted.claimedAt,
      endedAt: new Date().toISOString(),
      durationMs: Math.max(0, Date.now() - Date.parse(interrupted.claimedAt)),
      depth: state.depth,
    });
  } catch (error) {
    runtime.logger.error({ callId: state.callId, err: error }, 'audit write failed');
  }
}
