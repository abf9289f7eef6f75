import type { Progress, RunCall, RunResult, User } from '../action/types.js';
import { approvalIdOf } from '../errors/approval-id-of.js';
import type { Registry } from '../registry/create-registry.js';
import type { StepTelemetry } from '../tracing/agent-telemetry.js';
import type { AgentEvent, CallRecord, InputAsk } from './agent-events.js';
import type { ModelToolCall } from './model-types.js';

/** What every call of a run shares. */
export interface CallScope {
  readonly registry: Registry;
  readonly runId: string;
  readonly step: number;
  readonly sessionId: string;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
  /** The step's span, when the run is traced. */
  readonly telemetry?: StepTelemetry;
}

const ABORTED_OUTPUT = 'The call was not run: the run was aborted.';

/** Run a step's calls in order through `registry.run`; once the signal aborts, the remaining calls end as aborted. */
export async function runCalls(scope: CallScope, calls: readonly ModelToolCall[]): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  for (const [index, call] of calls.entries()) {
    const args = 'args' in call ? call.args : call.argsText;
    let record: CallRecord;
    let span: ReturnType<StepTelemetry['startToolCall']> | undefined;
    if (scope.signal.aborted) {
      record = { callId: call.id, name: call.name, args, status: 'aborted', output: ABORTED_OUTPUT };
    } else {
      scope.emit({ type: 'call-start', runId: scope.runId, step: scope.step, call });
      const progress: Progress[] = [];
      const run: RunCall = {
        name: call.name,
        args,
        toolCallId: call.id,
        sessionId: scope.sessionId,
        signal: scope.signal,
        ...keyOf(scope, call, index),
        ...(scope.user ? { user: scope.user } : {}),
        ...(scope.context ? { context: scope.context } : {}),
        onProgress: (reported) => {
          progress.push(reported);
          scope.emit({
            type: 'call-progress',
            runId: scope.runId,
            step: scope.step,
            callId: call.id,
            name: call.name,
            progress: reported,
          });
        },
      };
      span = scope.telemetry?.startToolCall(call, scope.sessionId);
      const result = span ? await span.within(() => scope.registry.run(run)) : await scope.registry.run(run);
      const ended = endedOf(result, undefined, scope.signal.aborted);
      record = {
        callId: call.id,
        name: call.name,
        args,
        ...ended,
        output: withProgress(result.modelOutput, progress),
      };
    }
    records.push(record);
    span?.end(record);
    scope.emit({ type: 'call-finish', runId: scope.runId, step: scope.step, call: record });
  }
  return records;
}

/**
 * A call that may wait for approval carries an idempotency key unique to this run, step and place, which its
 * approval keeps: a resume that takes over from one whose process stopped after the call ran replays its outcome.
 */
function keyOf(scope: CallScope, call: ModelToolCall, index: number): { idempotencyKey?: string } {
  const rule = scope.registry.get(call.name)?.approval;
  return rule && rule !== 'never' ? { idempotencyKey: `${scope.runId}.${scope.step}.${index}` } : {};
}

const SHOWN_PROGRESS = 10;

/** The model's output, followed by the progress messages the call reported (the last few), for the next turn. */
function withProgress(output: string, progress: readonly Progress[]): string {
  const told = progress.filter((item) => item.message);
  if (told.length === 0) return output;
  const lines = told.slice(-SHOWN_PROGRESS).map((item) => {
    const at = item.total !== undefined ? ` (${item.progress}/${item.total})` : '';
    return `- ${item.message}${at}`;
  });
  const skipped = told.length > SHOWN_PROGRESS ? `- … ${told.length - SHOWN_PROGRESS} earlier\n` : '';
  return `${output}\n\nProgress it reported while running:\n${skipped}${lines.join('\n')}`;
}

/** What a call asked a person (`ctx.ask`), when it ended `input_required`; `answers` are the ones it ran with. */
export function inputAskOf(
  code: string,
  details: unknown,
  answers?: Readonly<Record<string, unknown>>,
): InputAsk | undefined {
  if (code !== 'input_required' || typeof details !== 'object' || details === null) return undefined;
  const { key, message, responseSchema } = details as Record<string, unknown>;
  if (typeof key !== 'string' || typeof message !== 'string') return undefined;
  if (typeof responseSchema !== 'object' || responseSchema === null) return undefined;
  return {
    key,
    message,
    responseSchema: responseSchema as Record<string, unknown>,
    ...(answers && Object.keys(answers).length > 0 ? { answers } : {}),
  };
}

/** How a call ended, read from its result: `pending` when it waits on an approval or an answer. */
export type Ended = Pick<CallRecord, 'status' | 'output' | 'result' | 'input' | 'approvalId' | 'approvedIn'>;

/** A call's record fields from the registry's result (`answers`: the ones it ran with; `aborted`: the run was). */
export function endedOf(
  result: RunResult,
  answers?: Readonly<Record<string, unknown>>,
  aborted = false,
): Ended {
  if (result.ok) return { status: 'ok', output: result.modelOutput, result };
  const { code, details } = result.error;
  const input = inputAskOf(code, details, answers);
  const approvalId = approvalIdOf(result);
  if (input || approvalId) {
    return {
      status: 'pending',
      output: result.modelOutput,
      result,
      ...(input ? { input } : {}),
      ...(approvalId ? { approvalId } : {}),
    };
  }
  return { status: code === 'aborted' || aborted ? 'aborted' : 'failed', output: result.modelOutput, result };
}
