import type { AgentRunStore } from '../ports/agent-run-store.js';
import type { AgentEvent } from './agent-events.js';
import { ResumeError } from './interrupts.js';

/** A resume's hold on the paused run it claimed, renewed every third of the lease while its calls are decided. */
export interface RunLease {
  /** Throw the reason the resume may not go on (the run was taken over, or the lease can no longer be renewed). */
  check(): void;
  /** Stop renewing (before the run is released). */
  stop(): void;
}

/**
 * Renew the run's lease every third of `leaseMs`. Each renewal the store fails (or leaves unanswered until the next
 * one) is reported as a `lease-error` event; one failure leaves two thirds of the lease, but after two in a row the
 * lease lapses before the next try, so the resume is stopped (`lease_lost`) at its next `check()`. A renewal the
 * store refuses means another resume took the run over (`already_resolved`).
 */
export function holdLease(options: {
  readonly store: AgentRunStore;
  readonly pausedRunId: string;
  readonly holder: string;
  readonly leaseMs: number;
  readonly emit: (event: AgentEvent) => void;
}): RunLease {
  const { store, pausedRunId, holder, leaseMs, emit } = options;
  let stopped = false;
  let failures = 0;
  let inFlight = false;
  let lost: ResumeError | undefined;
  const failed = (error: unknown) => {
    if (lost) return;
    failures++;
    const message = (error as Error)?.message ?? String(error);
    emit({ type: 'lease-error', runId: holder, pausedRunId, failures, error: message });
    if (failures >= 2) {
      lost = new ResumeError(
        'lease_lost',
        `the resume of ${pausedRunId} stopped: its lease could not be renewed (${message}); ` +
          'resume the run again once the lease has run out, and the calls that ran are not run twice',
        { cause: error },
      );
      clearInterval(timer);
    }
  };
  const renew = async () => {
    // A renewal the store has not answered by the next one counts as failed: the lease is running out all the same.
    if (inFlight) return failed(new Error('the store did not answer the last renewal in time'));
    inFlight = true;
    try {
      const held = await store.change(pausedRunId, {
        from: ['resuming'],
        status: 'resuming',
        holder,
        leaseMs,
      });
      if (stopped) return;
      failures = 0;
      if (!held) {
        lost = new ResumeError(
          'already_resolved',
          `the run ${pausedRunId} was taken over by another resume while this one decided its calls`,
        );
        clearInterval(timer);
      }
    } catch (error) {
      if (!stopped) failed(error);
    } finally {
      inFlight = false;
    }
  };
  const timer = setInterval(() => void renew(), Math.max(1, Math.floor(leaseMs / 3)));
  (timer as { unref?: () => void }).unref?.();
  return {
    check() {
      if (lost) throw lost;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
