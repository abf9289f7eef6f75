import type { InterruptedClaim } from '../ports/idempotency-store.js';
import type { CallState } from './call-state.js';

/**
 * Audit the call whose idempotency key this call just took over: its process stopped while it ran (the lease ran
 * out), so it never wrote a record of its own. The record says which key, when it was claimed and who took it over.
 */
export async function recordInterruptedClaim(
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
