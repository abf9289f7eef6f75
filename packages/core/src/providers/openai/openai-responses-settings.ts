import { AffordanceError } from '../../errors/action-error.js';

/** How hard a reasoning model thinks (`reasoning.effort`; which values a model takes depends on the model). */
export type OpenAIReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** A reasoning model's settings (`reasoning` of the request). */
export interface OpenAIReasoningOptions {
  readonly effort?: OpenAIReasoningEffort;
  /** Ask for a summary of the reasoning (`auto`, `concise`, `detailed`); it is kept with the reasoning items. */
  readonly summary?: 'auto' | 'concise' | 'detailed';
}

/** Settings of the answer's text (`text` of the request, beside any JSON-schema format). */
export interface OpenAITextOptions {
  /** How long and detailed the answer is (`low`, `medium`, `high`; gpt-5 and later). */
  readonly verbosity?: 'low' | 'medium' | 'high';
}

/** What the settings add to the request body. */
export interface ResponsesSettings {
  readonly reasoning?: { effort?: OpenAIReasoningEffort; summary?: 'auto' | 'concise' | 'detailed' };
  readonly verbosity?: 'low' | 'medium' | 'high';
  readonly include?: ['reasoning.encrypted_content'];
}

const EFFORTS: readonly OpenAIReasoningEffort[] = [
  'none',
  'minimal',
  'low',
  'medium',
  'high',
  'xhigh',
  'max',
];
const SUMMARIES = ['auto', 'concise', 'detailed'] as const;
const VERBOSITIES = ['low', 'medium', 'high'] as const;

/**
 * Check the reasoning and text settings of `createOpenAIResponsesModel` and say what they add to each request;
 * a bad value throws `AffordanceError('invalid_option')` naming the values allowed. Encrypted reasoning is asked for
 * when `encryptedReasoning` says so, else when `store` is false and `reasoning` is set (a reasoning model whose
 * items OpenAI does not keep: they go back whole).
 */
export function responsesSettingsOf(options: {
  readonly reasoning?: OpenAIReasoningOptions;
  readonly text?: OpenAITextOptions;
  readonly store?: boolean;
  readonly encryptedReasoning?: boolean;
}): ResponsesSettings {
  const { reasoning, text } = options;
  if (reasoning !== undefined) {
    if (typeof reasoning !== 'object' || reasoning === null || Array.isArray(reasoning)) {
      throw invalid('reasoning must be an object ({ effort?, summary? })');
    }
    oneOf('reasoning.effort', reasoning.effort, EFFORTS);
    oneOf('reasoning.summary', reasoning.summary, SUMMARIES);
  }
  if (text !== undefined) {
    if (typeof text !== 'object' || text === null || Array.isArray(text)) {
      throw invalid('text must be an object ({ verbosity? })');
    }
    oneOf('text.verbosity', text.verbosity, VERBOSITIES);
  }
  if (options.encryptedReasoning !== undefined && typeof options.encryptedReasoning !== 'boolean') {
    throw invalid('encryptedReasoning must be true or false');
  }
  if (options.store !== undefined && typeof options.store !== 'boolean') {
    throw invalid('store must be true or false');
  }
  const encrypted = options.encryptedReasoning ?? (options.store === false && reasoning !== undefined);
  return {
    ...(reasoning
      ? {
          reasoning: {
            ...(reasoning.effort ? { effort: reasoning.effort } : {}),
            ...(reasoning.summary ? { summary: reasoning.summary } : {}),
          },
        }
      : {}),
    ...(text?.verbosity ? { verbosity: text.verbosity } : {}),
    ...(encrypted ? { include: ['reasoning.encrypted_content'] as ['reasoning.encrypted_content'] } : {}),
  };
}

function oneOf(name: string, value: unknown, allowed: readonly string[]): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw invalid(
      `${name} must be one of ${allowed.map((item) => `'${item}'`).join(', ')}, not ${JSON.stringify(value)}`,
    );
  }
}

function invalid(message: string): AffordanceError {
  return new AffordanceError('invalid_option', `createOpenAIResponsesModel: ${message}`);
}
