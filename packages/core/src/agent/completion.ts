import type { CompletionCondition, OnFailure } from '../detect/agent-config.js';
import { AffordanceError } from '../errors/action-error.js';
import type { ConditionResult } from './agent-events.js';

/** A completion verdict: `message` says what is wrong (fed back to the model) or what passed. */
export interface CompletionCheck {
  readonly ok: boolean;
  readonly message: string;
}

/** What a validator is told: the condition's options (for named validators) and the run it checks. */
export interface CompletionContext {
  readonly condition?: CompletionCondition;
  readonly sessionId: string;
  readonly attempt: number;
  /** The model's last text. */
  readonly text: string;
  readonly signal: AbortSignal;
}

/** A completion check: resolves `{ ok, message }`; a throw counts as a failure with the error's message. */
export type CompletionValidator = (context: CompletionContext) => Promise<CompletionCheck>;

/** A custom check with a name for events and results. */
export interface NamedCompletionCheck {
  readonly name: string;
  readonly check: CompletionValidator;
}

/** The completion conditions of a run and what to do when they fail (default: retry, 3 attempts). */
export interface CompletionOptions {
  /** `agent.json` conditions (looked up in `validators` by their `validator` name), custom checks, or functions. */
  readonly conditions: ReadonlyArray<CompletionCondition | NamedCompletionCheck | CompletionValidator>;
  /** Named validators, e.g. `nodeCompletionValidators` of `@affordance/node` (`git-clean`, `tests-pass`). */
  readonly validators?: Readonly<Record<string, CompletionValidator>>;
  readonly onFailure?: OnFailure;
}

interface ResolvedCheck {
  readonly name: string;
  readonly condition?: CompletionCondition;
  readonly check: CompletionValidator;
}

/** Resolve every condition to a check up front; an unknown validator name is an `invalid_option` error. */
export function resolveCompletion(options: CompletionOptions | undefined): {
  readonly checks: readonly ResolvedCheck[];
  readonly onFailure: OnFailure;
} {
  const onFailure = options?.onFailure ?? { action: 'retry', maxAttempts: 3 };
  if (!Number.isInteger(onFailure.maxAttempts) || onFailure.maxAttempts < 1) {
    throw new AffordanceError(
      'invalid_option',
      `runAgent: onFailure.maxAttempts must be an integer ≥ 1, not ${onFailure.maxAttempts}`,
    );
  }
  const checks = (options?.conditions ?? []).map((entry, index): ResolvedCheck => {
    if (typeof entry === 'function') return { name: entry.name || `condition-${index + 1}`, check: entry };
    if (isNamedCheck(entry)) return { name: entry.name, check: entry.check };
    const condition = entry as CompletionCondition;
    const check = options?.validators?.[condition.validator];
    if (!check) {
      const known = Object.keys(options?.validators ?? {});
      throw new AffordanceError(
        'invalid_option',
        `runAgent: no validator named ${JSON.stringify(condition.validator)}; pass it in completion.validators (known: ${known.join(', ') || 'none'})`,
      );
    }
    return { name: condition.description ?? condition.validator, condition, check };
  });
  return { checks, onFailure };
}

function isNamedCheck(entry: CompletionCondition | NamedCompletionCheck): entry is NamedCompletionCheck {
  const candidate = entry as Partial<NamedCompletionCheck>;
  return typeof candidate.check === 'function' && typeof candidate.name === 'string';
}

/** Run every check in order; a check that throws fails with its error's message. */
export async function runChecks(
  checks: readonly ResolvedCheck[],
  context: Omit<CompletionContext, 'condition'>,
): Promise<ConditionResult[]> {
  const results: ConditionResult[] = [];
  for (const { name, condition, check } of checks) {
    try {
      const verdict = await check(condition ? { ...context, condition } : context);
      results.push({ name, ok: verdict.ok === true, message: String(verdict.message ?? '') });
    } catch (error) {
      results.push({
        name,
        ok: false,
        message: `the check threw: ${(error as Error)?.message ?? String(error)}`,
      });
    }
  }
  return results;
}

/** The message that tells the model which conditions failed and that it must fix them before calling done. */
export function completionFeedback(
  results: readonly ConditionResult[],
  attempt: number,
  maxAttempts: number,
): string {
  const failed = results.filter((result) => !result.ok);
  const lines = failed.map((result) => `- ${result.name}: ${result.message}`);
  return [
    `You said you were done, but ${failed.length} completion condition(s) failed (attempt ${attempt} of ${maxAttempts}):`,
    ...lines,
    'Fix these, then declare that you are done again.',
  ].join('\n');
}
