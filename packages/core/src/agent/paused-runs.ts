import type { AgentRunStore, StoredAgentRun } from '../ports/agent-run-store.js';
import type { Registry } from '../registry/create-registry.js';
import { compileValidator, type Validation } from '../schema/compile-validator.js';
import { type AgentDecision, type AgentInterrupt, ResumeError } from './interrupts.js';

import type { PausedRunState } from './paused-state.js';

/** Which paused run: its id, or the session whose interrupted run the decisions answer; and whose it is. */
export interface PausedRunQuery {
  readonly runId?: string;
  readonly sessionId?: string;
  readonly user?: { readonly id: string };
  readonly decisions: readonly AgentDecision[];
}

/**
 * Find the paused run a resume answers, as its own user sees it: another user's run, or one that does not exist,
 * is `unknown_interrupt` (the two are not told apart); a cancelled one `cancelled`; a resumed one `already_resolved`.
 */
export async function findPausedRun(store: AgentRunStore, query: PausedRunQuery): Promise<StoredAgentRun> {
  let found: StoredAgentRun | undefined;
  if (query.runId !== undefined) {
    found = await store.get(query.runId);
  } else if (query.sessionId !== undefined) {
    const ids = new Set(query.decisions.map((decision) => decision.interruptId));
    const runs = await store.list({ sessionId: query.sessionId });
    found = runs.reverse().find((run) => run.interruptIds.some((id) => ids.has(id)));
  } else {
    throw new ResumeError(
      'unknown_interrupt',
      'resumeAgent needs the runId (or the sessionId) of the paused run',
    );
  }
  if (!found || found.userId !== query.user?.id) {
    throw new ResumeError(
      'unknown_interrupt',
      `no paused run ${query.runId ?? `of session ${query.sessionId}`} waits on these interrupts for this user`,
    );
  }
  if (found.status === 'cancelled') {
    throw new ResumeError('cancelled', `the run ${found.runId} was cancelled; start a new run`);
  }
  if (found.status !== 'interrupted' && !(found.status === 'resuming' && leaseRanOut(found))) {
    throw new ResumeError('already_resolved', `the run ${found.runId} was already resumed (${found.status})`);
  }
  return found;
}

/** A `resuming` run whose resume stopped renewing its lease (its process died): another resume may take it over. */
export function leaseRanOut(run: StoredAgentRun, now: number = Date.now()): boolean {
  return run.leaseUntil === undefined || Date.parse(run.leaseUntil) <= now;
}

/**
 * Pair each interrupt with its decision: unknown or twice-answered ids, missing ones, bad edits and answers that do
 * not match their schema are refused. An approval decided elsewhere (the inbox) needs no decision: the resume brings
 * its outcome.
 */
export async function matchDecisions(
  registry: Registry,
  state: PausedRunState,
  decisions: readonly AgentDecision[],
): Promise<Map<string, AgentDecision>> {
  const byId = new Map(state.interrupts.map((interrupt) => [interrupt.id, interrupt]));
  const matched = new Map<string, AgentDecision>();
  for (const decision of decisions) {
    const interrupt = byId.get(decision?.interruptId);
    if (!interrupt) {
      throw new ResumeError(
        'unknown_interrupt',
        `the run does not wait on an interrupt ${decision?.interruptId}`,
      );
    }
    if (matched.has(interrupt.id)) {
      throw new ResumeError('invalid_decision', `the interrupt ${interrupt.id} is answered twice`);
    }
    if (interrupt.reason === 'input') await checkAnswer(interrupt, decision);
    else checkApproval(registry, interrupt, decision);
    matched.set(interrupt.id, decision);
  }
  const missing: string[] = [];
  for (const interrupt of state.interrupts) {
    if (matched.has(interrupt.id)) continue;
    if (interrupt.reason === 'approval') {
      const approval = await registry.approvals.get(interrupt.id);
      if (approval && approval.status !== 'pending') continue;
    }
    missing.push(interrupt.id);
  }
  if (missing.length > 0) {
    throw new ResumeError('missing_decision', `no decision for the interrupt(s) ${missing.join(', ')}`);
  }
  return matched;
}

function checkApproval(registry: Registry, interrupt: AgentInterrupt, decision: AgentDecision): void {
  if (typeof decision.approved !== 'boolean') {
    throw new ResumeError(
      'invalid_decision',
      `the decision on ${interrupt.id} needs approved: true or false`,
    );
  }
  if (decision.editedArgs === undefined) return;
  if (!decision.approved) {
    throw new ResumeError('invalid_decision', `editedArgs on ${interrupt.id} only go with approved: true`);
  }
  const checked = registry.checkInput(interrupt.name, decision.editedArgs);
  if (!checked?.ok) {
    const issues = checked ? checked.issues.map((issue) => issue.message).join('; ') : 'the action is gone';
    throw new ResumeError(
      'invalid_decision',
      `the edited arguments of ${interrupt.id} are not valid: ${issues}`,
    );
  }
}

// An input interrupt's answer must match the schema the call asked with.
async function checkAnswer(interrupt: AgentInterrupt, decision: AgentDecision): Promise<void> {
  if (!('answer' in decision) || decision.answer === undefined) {
    throw new ResumeError('invalid_decision', `the interrupt ${interrupt.id} needs an answer`);
  }
  let validation: Validation;
  try {
    validation = await compileValidator(
      interrupt.responseSchema,
      `the question of ${interrupt.name}`,
    )(decision.answer);
  } catch (error) {
    throw new ResumeError(
      'invalid_decision',
      `the answer to ${interrupt.id} cannot be checked: ${(error as Error).message}`,
    );
  }
  if (!validation.ok) {
    const issues = validation.issues.map((issue) => issue.message).join('; ');
    throw new ResumeError('invalid_decision', `the answer to ${interrupt.id} is not valid: ${issues}`);
  }
}

/** Options of `cancelAgentRun`. */
export interface CancelAgentRunOptions {
  readonly registry: Registry;
  readonly runId?: string;
  readonly sessionId?: string;
  /** The interrupts being cancelled (to find the run by session); all of the run's are cancelled. */
  readonly interruptIds?: readonly string[];
  readonly user?: { readonly id: string };
  /** Who cancelled, for the approvals' record (default: `user.id`, else `'user'`). */
  readonly by?: string;
  readonly reason?: string;
}

/**
 * Abandon a paused run: claim it (`cancelled`, so no resume can run it later) and deny each approval it waits on.
 * The same refusals as `resumeAgent` when it is unknown, another user's, or already resumed.
 */
export async function cancelAgentRun(options: CancelAgentRunOptions): Promise<StoredAgentRun> {
  const { registry } = options;
  const store = registry.store.agentRuns;
  const decisions = (options.interruptIds ?? []).map((interruptId) => ({ interruptId, approved: false }));
  const found = await findPausedRun(store, { ...options, decisions });
  const cancelled = await store.change(found.runId, { from: ['interrupted'], status: 'cancelled' });
  if (!cancelled)
    throw new ResumeError('already_resolved', `the run ${found.runId} was resumed by another decision`);
  const by = options.by ?? options.user?.id ?? 'user';
  for (const id of found.interruptIds) {
    try {
      await registry.approvals.deny(id, { by, reason: options.reason ?? 'the run was cancelled' });
    } catch {
      // Decided elsewhere already: nothing left to deny.
    }
  }
  return cancelled;
}
