import type { StepRecord } from './agent-events.js';
import type { AgentMessage, LanguageModel } from './model-types.js';

/** What `prepareStep` is shown before a step: its number, the steps so far and the conversation. */
export interface PrepareStepContext {
  readonly step: number;
  /** Steps recorded by this call so far, oldest first. */
  readonly steps: readonly StepRecord[];
  /** The conversation the step would send (system prompt not included). */
  readonly messages: readonly AgentMessage[];
  readonly model: LanguageModel;
  readonly signal: AbortSignal;
}

/**
 * Changes for one step; each field left out keeps the run's own. Tools can only be narrowed: what is offered is
 * still what the registry says is available to this user, and every call still goes through `registry.run`.
 */
export interface StepPreparation {
  /** The model of this step (the run keeps its protocol; a native model must support tools). */
  readonly model?: LanguageModel;
  /** The system instructions of this step. */
  readonly system?: string;
  /** The conversation sent in this step only (the run's record keeps the real one). */
  readonly messages?: readonly AgentMessage[];
  /** Qualified action names to offer, out of those available (`done` and client tools are always offered). */
  readonly activeTools?: readonly string[];
  /** Offer the actions `registry.available({ query, limit })` ranks relevant, instead of all available ones. */
  readonly toolQuery?: { readonly query: string; readonly limit?: number };
}

/** A per-step hook: return changes for the step about to run, or nothing to run it as configured. */
export type PrepareStep = (
  context: PrepareStepContext,
) => StepPreparation | undefined | PromiseLike<StepPreparation | undefined>;

/**
 * A `prepareStep` that offers only the actions relevant to the conversation's latest user message
 * (`registry.available({ query, limit })`), so a large registry does not fill the prompt.
 */
export function offerRelevantTools(options: { readonly limit?: number } = {}): PrepareStep {
  return ({ messages }) => {
    const query = [...messages].reverse().find((message) => message.role === 'user')?.content;
    if (!query) return undefined;
    return { toolQuery: { query, ...(options.limit !== undefined ? { limit: options.limit } : {}) } };
  };
}
