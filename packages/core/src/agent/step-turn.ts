import { AffordanceError } from '../errors/action-error.js';
import type { StepRecord } from './agent-events.js';
import { type PreparedTurn, prepareNativeTurn, prepareTextTurn, type ToolNarrowing } from './model-turn.js';
import type { AgentMessage, LanguageModel } from './model-types.js';
import type { RunSetup } from './run-setup.js';

/** One step's request, after `prepareStep`: the model to ask and what it is offered. */
export async function turnOf(
  setup: RunSetup,
  history: readonly AgentMessage[],
  step: number,
  steps: readonly StepRecord[],
): Promise<{ readonly model: LanguageModel; readonly turn: PreparedTurn }> {
  const { options, protocol, query, client, textFormat, signal } = setup;
  const changes = await options.prepareStep?.({ step, steps, messages: history, model: setup.model, signal });
  const model = changes?.model ?? setup.model;
  if (protocol === 'native' && !model.supportsTools) {
    throw new AffordanceError(
      'invalid_option',
      `prepareStep: step ${step} runs the native protocol, but the model ${model.id} does not support tools`,
    );
  }
  const system = changes?.system ?? options.system;
  const messages = changes?.messages ?? history;
  const narrow: ToolNarrowing = {
    ...(changes?.activeTools ? { activeTools: changes.activeTools } : {}),
    ...(changes?.toolQuery ? { toolQuery: changes.toolQuery } : {}),
    ...(setup.output?.mode === 'tool' ? { finish: setup.output } : {}),
    ...(setup.output?.mode === 'native' ? { noDone: true } : {}),
  };
  const turn =
    protocol === 'native'
      ? prepareNativeTurn(query, model.toolFormat, system, messages, client, narrow)
      : prepareTextTurn(query, textFormat, system, messages, client, narrow);
  const format = setup.output?.mode === 'native' && !setup.output.jsonTurn ? setup.output.format : undefined;
  if (!format) return { model, turn };
  return { model, turn: { ...turn, request: { ...turn.request, responseFormat: format } } };
}
