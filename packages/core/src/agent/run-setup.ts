import type { TargetRef, User } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import type { SchemaLike } from '../schema/types.js';
import type { ActionTextFormat } from '../text/types.js';
import type { AgentTelemetry } from '../tracing/agent-telemetry.js';
import { newId } from '../util/new-id.js';
import type { AgentEvent } from './agent-events.js';
import { type ClientTool, type PreparedClientTools, prepareClientTools } from './client-tools.js';
import { type CompletionOptions, resolveCompletion } from './completion.js';
import { type FinalOutput, prepareOutput } from './final-output.js';
import type { OnModelReply } from './model-reply.js';
import type { TurnQuery } from './model-turn.js';
import type { LanguageModel } from './model-types.js';
import type { OutputMode } from './native-output.js';
import type { PrepareStep } from './prepare-step.js';
import type { SessionRecorder } from './session-recorder.js';
import type { StopCondition } from './stop-when.js';

/** What `runAgent` and `resumeAgent` share: the model, the registry and how each step runs. */
export interface AgentLoopOptions {
  readonly model: LanguageModel;
  readonly registry: Registry;
  /** Instructions put before the conversation (and before the actions prompt of the text protocol). */
  readonly system?: string;
  /** `native` tool calling, the `text` protocol, or `auto` (default): native when the model supports tools. */
  readonly protocol?: 'native' | 'text' | 'auto';
  /** How the text protocol writes actions (default `json`). */
  readonly textFormat?: ActionTextFormat;
  /** Most model turns (default 20); a resumed run counts the steps before its pause. */
  readonly maxSteps?: number;
  readonly completion?: CompletionOptions;
  readonly signal?: AbortSignal;
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
  /**
   * Custom stop rules (`stepCountIs(n)`, `hasToolCall(name)` or your own), called after each step that did not end
   * the run with the steps so far; the first that answers true ends the run `stopped`, named in `stoppedBy`.
   */
  readonly stopWhen?: StopCondition | readonly StopCondition[];
  /** Called before each step: may change that step's model, system prompt, messages or offered tools. */
  readonly prepareStep?: PrepareStep;
  /**
   * The shape of the final answer (JSON Schema or a Standard Schema such as zod; an object schema): the model must
   * finish by calling `final_answer` (the text protocol: `done`) with it, and the validated value is `result.output`.
   */
  readonly output?: SchemaLike;
  /** Where the run reports its spans: `traceAgent()` of `@affordance/core/tracing` (default: not traced). */
  readonly telemetry?: AgentTelemetry;
  /**
   * How the `output` answer is asked for: `native` (the model's JSON-schema response format), `tool` (a
   * `final_answer` tool) or `auto` (default: native when the model sends the format with tools on the same turn).
   */
  readonly outputMode?: OutputMode;
  /** How many invalid final answers are sent back to be fixed before the run ends `output_failed` (default 2). */
  readonly outputRetries?: number;
}

/** A checked run: options resolved once, shared by every step. */
export interface RunSetup {
  readonly options: AgentLoopOptions;
  readonly model: LanguageModel;
  readonly registry: Registry;
  readonly protocol: 'native' | 'text';
  readonly client: PreparedClientTools;
  readonly textFormat: ActionTextFormat;
  readonly completion: ReturnType<typeof resolveCompletion>;
  readonly maxSteps: number;
  readonly runId: string;
  readonly sessionId: string;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
  readonly query: TurnQuery;
  /** The finishing tool of a run with an `output` schema. */
  readonly output: FinalOutput | undefined;
}

const NEVER_ABORTED = new AbortController().signal;

/** Check the options and resolve them; a resumed run passes the protocol it paused with. */
export function prepareRun(
  options: AgentLoopOptions,
  sessionId: string,
  pausedProtocol?: 'native' | 'text',
): RunSetup {
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
  const protocol =
    pausedProtocol ?? (requested === 'auto' ? (model.supportsTools ? 'native' : 'text') : requested);
  const client = prepareClientTools(
    options.clientTools,
    protocol === 'native' ? model.toolFormat : 'text',
    registry,
  );
  return {
    options,
    model,
    registry,
    protocol,
    client,
    textFormat: options.textFormat ?? 'json',
    completion: resolveCompletion(options.completion),
    maxSteps,
    output: prepareOutput(
      options.output,
      protocol,
      options.outputRetries,
      options.outputMode,
      model.structuredOutput,
    ),
    runId: newId('run'),
    sessionId,
    signal: options.signal ?? NEVER_ABORTED,
    emit: (event) => options.onEvent?.(event),
    query: {
      registry,
      sessionId,
      ...(options.target !== undefined ? { target: options.target } : {}),
      ...(options.user ? { user: options.user } : {}),
      ...(options.context ? { context: options.context } : {}),
    },
  };
}
