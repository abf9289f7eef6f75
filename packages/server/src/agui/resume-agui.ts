import type { Registry, User } from '@affordance/core';
import {
  type AgentDecision,
  cancelAgentRun,
  decisionOf,
  findPausedRun,
  ResumeError,
  readPausedState,
} from '@affordance/core/agent';
import type { PendingApproval, StoredAgentRun } from '@affordance/core/ports';
import type { AGUIEvent } from '@affordance/core/streaming';
import type { ResumeEntry } from './read-run-input.js';

/** Why a user may not decide an approval (the server's separation of duties), or undefined when they may. */
export type DecisionRefusal = (user: User, approval: PendingApproval) => string | undefined;

/** A resume the server accepted: the decisions, and the tool calls whose results the new run brings. */
export interface AcceptedResume {
  readonly decisions: readonly AgentDecision[];
  readonly toolCallIds: ReadonlySet<string>;
}

/**
 * Read a run's `resume` entries against the thread's paused run: a RUN_ERROR event (with the reason as its code)
 * when one is malformed, unknown, missing, already resolved, cancelled (the paused run is then cancelled: its
 * approvals denied) or not this user's to decide; else the decisions to resume with. Nothing runs here.
 */
export async function acceptResume(
  registry: Registry,
  threadId: string,
  user: User,
  entries: readonly ResumeEntry[],
  refusal: DecisionRefusal | undefined,
): Promise<AcceptedResume | AGUIEvent> {
  try {
    const cancelled = entries.filter((entry) => entry.status === 'cancelled');
    if (cancelled.length > 0) {
      await cancelAgentRun({
        registry,
        sessionId: threadId,
        interruptIds: cancelled.map((entry) => entry.interruptId),
        user,
        by: user.id,
        reason: 'cancelled by the user',
      });
      return runError('cancelled', 'The paused run was cancelled: its calls were not run. Start a new run.');
    }
    const named = entries.map((entry) => ({ interruptId: entry.interruptId }));
    const run = await findPausedRun(registry.store.agentRuns, {
      sessionId: threadId,
      user,
      decisions: named,
    });
    // An approval's payload is `{ approved, editedArgs?, reason? }`; an input interrupt's is the answer itself.
    const kinds = new Map(
      readPausedState(run.state).interrupts.map((interrupt) => [interrupt.id, interrupt.reason]),
    );
    const decisions = entries.map((entry) => {
      const decision = decisionOf(entry.interruptId, entry.payload, kinds.get(entry.interruptId));
      if (typeof decision === 'string') {
        throw new ResumeError('invalid_decision', `resume entry ${entry.interruptId}: ${decision}`);
      }
      return decision;
    });
    for (const decision of decisions) {
      if (!decision.approved) continue;
      const approval = await registry.approvals.get(decision.interruptId);
      // Decided already (an approver used the inbox): the resume only brings the outcome to the model.
      if (approval?.status !== 'pending') continue;
      const refused = refusal?.(user, approval);
      if (refused) return runError('forbidden', refused);
    }
    return { decisions, toolCallIds: toolCallIdsOf(run) };
  } catch (error) {
    if (ResumeError.isInstance(error)) return runError(error.code, error.message);
    throw error;
  }
}

/** The thread's paused run of this user, if one waits: a new run may not start before it is answered. */
export async function pausedRunOf(
  registry: Registry,
  threadId: string,
  user: User,
): Promise<StoredAgentRun | undefined> {
  const runs = await registry.store.agentRuns.list({ sessionId: threadId, status: ['interrupted'] });
  return runs.filter((run) => run.userId === user.id).at(-1);
}

function toolCallIdsOf(run: StoredAgentRun): ReadonlySet<string> {
  return new Set(readPausedState(run.state).interrupts.map((interrupt) => interrupt.toolCallId));
}

function runError(code: string, message: string): AGUIEvent {
  return { type: 'RUN_ERROR', code, message };
}
