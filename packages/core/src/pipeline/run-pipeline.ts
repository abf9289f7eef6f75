import type { RunCall, RunResult } from '../action/types.js';
import { type ActionError, actionError } from '../errors/action-error.js';
import { traceCall } from '../observe/trace-call.js';
import type { StoredOutcome } from '../ports/idempotency-store.js';
import type { RegistryRuntime } from '../registry/runtime.js';
import { newId } from '../util/new-id.js';
import { recordAudit } from './audit-call.js';
import type { CallState, Step, StepOutcome } from './call-state.js';
import { shapeResult } from './shape-result.js';
import { applyDefaults } from './steps/apply-defaults.js';
import { authorize } from './steps/authorize.js';
import { checkPrerequisites } from './steps/check-prerequisites.js';
import { checkWhen } from './steps/check-when.js';
import { claimIdempotencyKey } from './steps/claim-idempotency-key.js';
import { execute } from './steps/execute.js';
import { parseArgs } from './steps/parse-args.js';
import { rateLimit } from './steps/rate-limit.js';
import { requestApproval } from './steps/request-approval.js';
import { resolveAction } from './steps/resolve-action.js';
import { resolveTarget } from './steps/resolve-target.js';
import { validateInput } from './steps/validate-input.js';
import { validateOutput } from './steps/validate-output.js';

/** The run pipeline, in order. Each step either goes on, fails the call, or finishes it. */
export const PIPELINE: readonly Step[] = [
  resolveAction,
  parseArgs,
  applyDefaults,
  validateInput,
  resolveTarget,
  authorize,
  checkWhen,
  checkPrerequisites,
  rateLimit,
  requestApproval,
  claimIdempotencyKey,
  execute,
  validateOutput,
];

/** Options for one pass through the pipeline. */
export interface PipelineOptions {
  readonly depth?: number;
  readonly parentCallId?: string;
  readonly approved?: { readonly id: string; readonly by: string };
  /** Use this call id (a resumed approval keeps the id it was asked with). */
  readonly callId?: string;
}

/** Run one call through every step, then shape, record and audit its result. Never throws for a failed call. */
export async function runPipeline(
  runtime: RegistryRuntime,
  call: RunCall,
  options: PipelineOptions = {},
): Promise<RunResult> {
  const started = performance.now();
  const startedMs = Date.now();
  const depth = options.depth ?? 0;
  const state: CallState = {
    runtime,
    call,
    callId: options.callId ?? (typeof call.callId === 'string' && call.callId ? call.callId : newId('call')),
    depth,
    parentCallId: options.parentCallId,
    user: call.user,
    context: call.context && typeof call.context === 'object' ? call.context : {},
    approved: options.approved,
    name: typeof call.name === 'string' ? call.name : String(call.name),
  };
  const { events } = runtime;
  if (events.has('call-start')) {
    events.emit('call-start', {
      callId: state.callId,
      name: state.name,
      user: state.user,
      sessionId: call.sessionId,
      depth,
      parentCallId: state.parentCallId,
    });
  }
  const span = traceCall(state);
  let outcome: StoredOutcome;
  let replayed = false;
  if (depth > runtime.maxCallDepth) {
    outcome = {
      ok: false,
      error: actionError(
        'forbidden',
        `actions may call other actions at most ${runtime.maxCallDepth} levels deep`,
      ),
    };
  } else {
    const result = await runSteps(state);
    outcome = result.outcome;
    replayed = result.replayed;
  }
  if (state.idempotencyKey) await settleIdempotency(state, outcome);
  if (outcome.ok && call.sessionId && !replayed) {
    const recorded = runtime.store.history.record(call.sessionId, state.name);
    if (recorded instanceof Promise) await recorded;
  }
  const durationMs = performance.now() - started;
  const result = shapeResult(state, outcome, durationMs, replayed);
  await recordAudit(state, result, startedMs);
  span?.end(result);
  if (events.has('call-end'))
    events.emit('call-end', { callId: state.callId, result, target: state.target, depth });
  return result;
}

async function runSteps(state: CallState): Promise<{ outcome: StoredOutcome; replayed: boolean }> {
  const observe = state.runtime.events.has('call-step');
  for (const step of PIPELINE) {
    const stepStarted = observe ? performance.now() : 0;
    let outcome: StepOutcome;
    try {
      const pending = step.run(state);
      outcome = pending instanceof Promise ? await pending : pending;
    } catch (error) {
      // A step broke its own promise; keep the process alive and say where.
      outcome = { fail: internalError(step.name, error) };
    }
    if (observe) {
      const label = 'fail' in outcome ? outcome.fail.code : 'finish' in outcome ? 'finish' : 'next';
      state.runtime.events.emit('call-step', {
        callId: state.callId,
        step: step.name,
        outcome: label,
        durationMs: performance.now() - stepStarted,
      });
    }
    if ('fail' in outcome) return { outcome: { ok: false, error: outcome.fail }, replayed: false };
    if ('finish' in outcome) return { outcome: outcome.finish, replayed: outcome.replayed === true };
  }
  return {
    outcome: { ok: false, error: internalError('pipeline', new Error('no step finished the call')) },
    replayed: false,
  };
}

function internalError(step: string, error: unknown): ActionError {
  return actionError(
    'handler_error',
    `internal error in the ${step} step: ${(error as Error)?.message ?? String(error)}`,
  );
}

async function settleIdempotency(state: CallState, outcome: StoredOutcome): Promise<void> {
  const store = state.runtime.store.idempotency;
  try {
    if (!outcome.ok && outcome.error.code === 'aborted') await store.release(state.idempotencyKey!);
    else await store.complete(state.idempotencyKey!, outcome);
  } catch (error) {
    state.runtime.logger.error({ callId: state.callId, err: error }, 'idempotency store failed');
  }
}
