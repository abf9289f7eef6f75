import type { TargetRef, User } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import type { ActionTextFormat } from '../text/types.js';
import { newId } from '../util/new-id.js';
import type { AgentEvent, AgentResult, AgentStatus, AttemptRecord, StepRecord } from './agent-events.js';
import { askModel } from './ask-model.js';
import { type ClientTool, prepareClientTools, splitClientCalls } from './client-tools.js';
import { type CompletionOptions, resolveCompletion } from './completion.js';
import type { OnModelReply } from './model-reply.js';
import { prepareNativeTurn, prepareTextTurn, readNativeTurn, readTextTurn } from './model-turn.js';
import type { AgentMessage, LanguageModel, ModelToolCall } from './model-types.js';
import { runCalls } from './run-calls.js';
import type { SessionRecorder } from './session-recorder.js';
import { settleStep } from './settle-step.js';

/** Options of `runAgent`; `model`, `registry` and `input` are required. */
export interface RunAgentOptions {
  readonly model: LanguageModel;
  readonly registry: Registry;
  /** The task, or a conversation to continue. */
  readonly input: string | readonly AgentMessage[];
  /** Instructions put before the conversation (and before the actions prompt of the text protocol). */
  readonly system?: string;
  /** `native` tool calling, the `text` protocol, or `auto` (default): native when the model supports tools. */
  readonly protocol?: 'native' | 'text' | 'auto';
  /** How the text protocol writes actions (default `json`). */
  readonly textFormat?: ActionTextFormat;
  /** Most model turns (default 20). */
  readonly maxSteps?: number;
  readonly completion?: CompletionOptions;
  readonly signal?: AbortSignal;
  /** The session the calls and the record belong to (generated when absent). */
  readonly sessionId?: string;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  /** The target in view: what is offered each step is what is available on it. */
  readonly target?: TargetRef;
  readonly recorder?: SessionRecorder;
  /** Ask with `model.stream` and report each text delta as a `text-delta` event (default false: `generate`). */
  readonly stream?: boolean;
  readonly onEvent?: (event: AgentEvent) => void;
  /**
   * Tools the caller runs itself (AG-UI frontend tools), offered with the native protocol only. When the model
   * calls one, the step's server calls run, then the run ends with `awaiting_client` and `clientCalls`.
   */
  readonly clientTools?: readonly ClientTool[];
  /** Called with every model reply before its calls run; answering `{ done: true }` ends the run as done. */
  readonly onModelReply?: OnModelReply;
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * Run a model against a registry: each step offers the currently available actions (native tools or the text
 * protocol's prompt), runs the calls through `registry.run` and feeds the results back, until the model is done
 * (and the completion conditions pass), answers without a call, runs out of steps, or the signal aborts.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const { model, registry } = options;
  if (!model || typeof model.generate !== 'function') {
    throw new AffordanceError('invalid_option', 'runAgent: model must be a LanguageModel with generate()');
  }
  if (!registry || typeof registry.run !== 'function') {
    throw new AffordanceError(
      'invalid_option',
      'runAgent: registry must be a registry from createRegistry()',
    );
  }
  const maxSteps = options.maxSteps ?? 20;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new AffordanceError('invalid_option', `runAgent: maxSteps must be an integer ≥ 1, not ${maxSteps}`);
  }
  const requested = options.protocol ?? 'auto';
  if (requested !== 'native' && requested !== 'text' && requested !== 'auto') {
    throw new AffordanceError(
      'invalid_option',
      `runAgent: protocol must be 'native', 'text' or 'auto', not ${JSON.stringify(requested)}`,
    );
  }
  const protocol = requested === 'auto' ? (model.supportsTools ? 'native' : 'text') : requested;
  const client = prepareClientTools(
    options.clientTools,
    protocol === 'native' ? model.toolFormat : 'text',
    registry,
  );
  const textFormat = options.textFormat ?? 'json';
  const completion = resolveCompletion(options.completion);
  const runId = newId('run');
  const sessionId = options.sessionId ?? newId('session');
  const signal = options.signal ?? NEVER_ABORTED;
  const emit = (event: AgentEvent) => options.onEvent?.(event);
  const input: AgentMessage[] =
    typeof options.input === 'string' ? [{ role: 'user', content: options.input }] : [...options.input];
  const history: AgentMessage[] = [...input];
  const attempts: AttemptRecord[] = [];
  const query = {
    registry,
    sessionId,
    ...(options.target !== undefined ? { target: options.target } : {}),
    ...(options.user ? { user: options.user } : {}),
    ...(options.context ? { context: options.context } : {}),
  };

  await options.recorder?.recordStart(sessionId, { runId, model: model.id, protocol, messages: input });
  emit({ type: 'run-start', runId, sessionId, protocol });

  let status: AgentStatus | undefined;
  let clientCalls: readonly ModelToolCall[] = [];
  let text = '';
  let step = 0;
  const commitStep = async (record: StepRecord) => {
    history.push(...record.messages);
    await options.recorder?.recordStep(sessionId, record);
    emit({ type: 'step-finish', runId, step: record });
  };

  while (status === undefined) {
    if (signal.aborted) {
      status = 'aborted';
      break;
    }
    if (step >= maxSteps) {
      status = 'max_steps';
      break;
    }
    step++;
    const turn =
      protocol === 'native'
        ? prepareNativeTurn(query, model.toolFormat, options.system, history, client)
        : prepareTextTurn(query, textFormat, options.system, history, client);
    emit({ type: 'step-start', runId, step, offered: turn.offered });
    let response: Awaited<ReturnType<LanguageModel['generate']>>;
    try {
      const onText = options.stream
        ? (delta: string) => emit({ type: 'text-delta', runId, step, delta })
        : undefined;
      response = await askModel(model, { ...turn.request, signal }, onText);
    } catch (error) {
      if (!signal.aborted) throw error;
      await commitStep({ runId, step, status: 'aborted', offered: turn.offered, calls: [], messages: [] });
      status = 'aborted';
      break;
    }
    text = response.text;
    const replied = await options.onModelReply?.({ runId, sessionId, step, text, signal });
    const whole = protocol === 'native' ? readNativeTurn(response) : readTextTurn(response, textFormat);
    const split = splitClientCalls(whole.calls, client);
    const read = { ...whole, calls: split.server };
    const calls = await runCalls({ ...query, runId, step, signal, emit }, read.calls);
    if (!signal.aborted) {
      for (const call of split.client) emit({ type: 'client-call', runId, step, call });
    }
    const settled = await settleStep({
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
    status = settled.aborted ? 'aborted' : (settled.status ?? (replied?.done ? 'done' : undefined));
    if (status === 'awaiting_client') clientCalls = split.client;
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
  };
  await options.recorder?.recordFinish(sessionId, result);
  emit({ type: 'run-finish', runId, result });
  return result;
}
