import type { InferSchema, SchemaLike } from '../schema/types.js';
import { newId } from '../util/new-id.js';
import type { AgentResult } from './agent-events.js';
import { runLoop } from './agent-loop.js';
import type { AgentMessage } from './model-types.js';
import { type AgentLoopOptions, prepareRun } from './run-setup.js';

/** Options of `runAgent`; `model`, `registry` and `input` are required. */
export interface RunAgentOptions extends AgentLoopOptions {
  /** The task, or a conversation to continue. */
  readonly input: string | readonly AgentMessage[];
  /** The session the calls and the record belong to (generated when absent). */
  readonly sessionId?: string;
}

/**
 * Run a model against a registry: each step offers the currently available actions (native tools or the text
 * protocol's prompt), runs the calls through `registry.run` and feeds the results back, until the model is done
 * (and the completion conditions pass), answers without a call, runs out of steps, or the signal aborts. A call
 * that needs a person's approval pauses the run: it ends `interrupted` with its `interrupts`, its state stored in
 * the registry's store, and `resumeAgent` continues it with the decisions.
 */
export function runAgent<const TSchema extends SchemaLike>(
  options: RunAgentOptions & { readonly output: TSchema },
): Promise<AgentResult<InferSchema<TSchema>>>;
export function runAgent(options: RunAgentOptions): Promise<AgentResult>;
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const setup = prepareRun(options, options.sessionId ?? newId('session'));
  const input: AgentMessage[] =
    typeof options.input === 'string' ? [{ role: 'user', content: options.input }] : [...options.input];
  const { runId, sessionId, protocol } = setup;
  await options.recorder?.recordStart(sessionId, {
    runId,
    model: options.model.id,
    protocol,
    messages: input,
  });
  setup.emit({ type: 'run-start', runId, sessionId, protocol });
  return runLoop(setup, { history: [...input], attempts: [], step: 0, text: '' });
}
