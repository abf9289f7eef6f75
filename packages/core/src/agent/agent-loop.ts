import type { RunTelemetry, StepTelemetry } from '../tracing/agent-telemetry.js';
import type { AgentResult, AgentStatus, AttemptRecord, CallRecord, StepRecord } from './agent-events.js';
import { askJsonTurn, askModel } from './ask-model.js';
import { splitClientCalls } from './client-tools.js';
import { checkFinish } from './final-output.js';
import type { AgentInterrupt } from './interrupts.js';
import { readNativeTurn, readTextTurn } from './model-turn.js';
import type { AgentMessage, LanguageModel, ModelToolCall } from './model-types.js';
import { assistantMessageOf, pauseRun } from './pause-run.js';
import { runCalls } from './run-calls.js';
import type { RunSetup } from './run-setup.js';
import { settleStep } from './settle-step.js';
import { turnOf } from './step-turn.js';
import { firstStop } from './stop-when.js';

/** Where the loop starts: a fresh conversation, or the one a resumed run continues. */
export interface LoopStart {
  readonly history: AgentMessage[];
  readonly attempts: AttemptRecord[];
  readonly step: number;
  readonly text: string;
  /** The paused run a resumed one continues. */
  readonly resumedFrom?: string;
}

/**
 * Run steps until the model is done (and the completion conditions pass), answers without a call, runs out of
 * steps, hands calls to the client, pauses on an approval, or the signal aborts; then record and report the result.
 */
export async function runLoop(setup: RunSetup, start: LoopStart): Promise<AgentResult> {
  const run = setup.options.telemetry?.startRun({
    runId: setup.runId,
    sessionId: setup.sessionId,
    model: setup.model.id,
    protocol: setup.protocol,
    ...(start.resumedFrom ? { resumedFrom: start.resumedFrom } : {}),
  });
  if (!run) return loop(setup, start, {});
  const spans: Spans = { run };
  try {
    const result = await loop(setup, start, spans);
    spans.step?.end();
    run.end(result);
    return result;
  } catch (error) {
    spans.step?.end();
    run.fail(error);
    throw error;
  }
}

/** The open spans of a traced run: the run's, and the current step's. */
interface Spans {
  readonly run?: RunTelemetry;
  step?: StepTelemetry;
}

async function loop(setup: RunSetup, start: LoopStart, spans: Spans): Promise<AgentResult> {
  const { protocol, client, textFormat, completion, runId, sessionId, signal, emit, query } = setup;
  const { options } = setup;
  const { history, attempts } = start;
  let status: AgentStatus | undefined;
  let clientCalls: readonly ModelToolCall[] = [];
  let interrupts: readonly AgentInterrupt[] = [];
  let stoppedBy: string | undefined;
  let output: { readonly value: unknown } | undefined;
  let outputError: string | undefined;
  let outputFailures = 0;
  let { text, step } = start;
  const steps: StepRecord[] = [];
  const commitStep = async (record: StepRecord) => {
    history.push(...record.messages);
    steps.push(record);
    await options.recorder?.recordStep(sessionId, record);
    emit({ type: 'step-finish', runId, step: record });
  };

  while (status === undefined) {
    if (signal.aborted) {
      status = 'aborted';
      break;
    }
    if (step >= setup.maxSteps) {
      status = 'max_steps';
      break;
    }
    step++;
    spans.step?.end();
    spans.step = spans.run?.startStep(step);
    const { model, turn } = await turnOf(setup, history, step, steps);
    emit({ type: 'step-start', runId, step, offered: turn.offered });
    let response: Awaited<ReturnType<LanguageModel['generate']>>;
    // The open model-request span: the one turn's, then the final answer's own turn (each ends or fails once).
    let request = spans.step?.startModelRequest(model.id, turn.offered.length);
    try {
      const onText = options.stream
        ? (delta: string) => emit({ type: 'text-delta', runId, step, delta })
        : undefined;
      response = await askModel(model, { ...turn.request, signal }, onText);
      request?.end(response);
      if (setup.output?.jsonTurn && response.toolCalls.length === 0) {
        // The model takes the response format only without tools: the final answer gets a turn of its own.
        request = spans.step?.startModelRequest(model.id, 0);
        response = await askJsonTurn(model, turn.request, response, setup.output, signal, onText);
        request?.end(response);
      }
    } catch (error) {
      request?.fail(error);
      if (!signal.aborted) throw error;
      await commitStep({ runId, step, status: 'aborted', offered: turn.offered, calls: [], messages: [] });
      status = 'aborted';
      break;
    }
    text = response.text;
    const replied = await options.onModelReply?.({ runId, sessionId, step, text, signal });
    const finish = setup.output?.name;
    const whole =
      protocol === 'native' ? readNativeTurn(response, finish) : readTextTurn(response, textFormat, finish);
    const split = splitClientCalls(whole.calls, client);
    const read = { ...whole, calls: split.server };
    const calls = await runCalls(
      { ...query, runId, step, signal, emit, ...(spans.step ? { telemetry: spans.step } : {}) },
      read.calls,
    );
    if (!signal.aborted && calls.some(isPending)) {
      // A call waits for a person: the step's assistant turn is kept, its results wait for the resume.
      const message = assistantMessageOf(
        response.text,
        [...read.calls, ...split.client, ...(read.doneCall ? [read.doneCall] : [])],
        response.providerData,
      );
      await commitStep({
        runId,
        step,
        status: 'interrupted',
        offered: turn.offered,
        response,
        calls,
        messages: [message],
      });
      interrupts = await pauseRun(setup, {
        step,
        text,
        attempts,
        messages: history,
        calls,
        ...(read.doneCall ? { doneCall: read.doneCall } : {}),
        clientCalls: split.client,
      });
      status = 'interrupted';
      break;
    }
    if (!signal.aborted) {
      for (const call of split.client) emit({ type: 'client-call', runId, step, call });
    }
    const checked = await checkFinish(setup.output, read, split.client.length > 0, response);
    if (checked?.ok) output = checked;
    const refused = checked && !checked.ok ? checked.message : undefined;
    if (refused !== undefined) outputFailures++;
    const settled = await settleStep({
      ...(refused !== undefined ? { refused } : {}),
      protocol,
      response,
      read,
      calls,
      clientCalls: split.client,
      completion,
      attempt: attempts.length + 1,
      context: { sessionId, text, signal },
    });
    await commitStep({
      runId,
      step,
      status: settled.aborted ? 'aborted' : 'complete',
      offered: turn.offered,
      response,
      calls,
      messages: settled.messages,
    });
    if (settled.attempt) {
      const attempt: AttemptRecord = { runId, step, ...settled.attempt };
      attempts.push(attempt);
      await options.recorder?.recordAttempt(sessionId, attempt);
      emit({ type: 'attempt-finish', runId, attempt });
    }
    status = settled.aborted
      ? 'aborted'
      : (settled.status ?? (replied?.done && refused === undefined ? 'done' : undefined));
    if (status === undefined && refused !== undefined && outputFailures > (setup.output?.maxRetries ?? 0)) {
      status = 'output_failed';
      outputError = refused;
    }
    if (status === 'awaiting_client') clientCalls = split.client;
    if (status === undefined) {
      stoppedBy = await firstStop(options.stopWhen, { steps, step });
      if (stoppedBy !== undefined) status = 'stopped';
    }
  }

  const last = attempts.at(-1);
  const result: AgentResult = {
    runId,
    sessionId,
    status,
    protocol,
    text,
    steps: step,
    attempts,
    failedConditions:
      last && !last.ok ? last.conditions.filter((item) => !item.ok).map((item) => item.name) : [],
    messages: history,
    ...(clientCalls.length > 0 ? { clientCalls } : {}),
    ...(interrupts.length > 0 ? { interrupts } : {}),
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    ...(status === 'done' && output ? { output: output.value } : {}),
    ...(outputError !== undefined ? { outputError } : {}),
    ...(start.resumedFrom ? { resumedFrom: start.resumedFrom } : {}),
  };
  await options.recorder?.recordFinish(sessionId, result);
  emit({ type: 'run-finish', runId, result });
  return result;
}

function isPending(call: CallRecord): boolean {
  return call.status === 'pending';
}
