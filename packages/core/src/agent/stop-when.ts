import type { StepRecord } from './agent-events.js';

/** What a stop rule is shown after each step: the steps this call has run so far and the step's number. */
export interface StopContext {
  /** Steps recorded by this `runAgent` / `resumeAgent` call, oldest first (the last one just ended). */
  readonly steps: readonly StepRecord[];
  /** The number of the step that just ended (a resumed run counts the steps before its pause). */
  readonly step: number;
}

/** A custom stop rule, called after each step that did not end the run; `true` ends it as `stopped`. */
export type StopCondition = (context: StopContext) => boolean | PromiseLike<boolean>;

/** Stop once `count` steps have run (counted like `maxSteps`, so a resumed run includes the steps before). */
export function stepCountIs(count: number): StopCondition {
  return named(`stepCountIs(${count})`, ({ step }) => step >= count);
}

/** Stop after a step in which the model called the tool `name` (as it sent the name, e.g. `note_add`). */
export function hasToolCall(name: string): StopCondition {
  return named(`hasToolCall(${JSON.stringify(name)})`, ({ steps }) => {
    const last = steps.at(-1);
    if (!last) return false;
    // Native calls are in the response; the text protocol's parsed calls only in the step's call records.
    const called = (call: { readonly name: string }) => call.name === name;
    return last.calls.some(called) || (last.response?.toolCalls.some(called) ?? false);
  });
}

/** The name of the first rule that says stop (a rule without a name is `stopWhen[i]`), or undefined. */
export async function firstStop(
  rules: StopCondition | readonly StopCondition[] | undefined,
  context: StopContext,
): Promise<string | undefined> {
  if (rules === undefined) return undefined;
  const list = typeof rules === 'function' ? [rules] : rules;
  for (const [index, rule] of list.entries()) {
    if (await rule(context)) return rule.name || `stopWhen[${index}]`;
  }
  return undefined;
}

function named(name: string, rule: StopCondition): StopCondition {
  Object.defineProperty(rule, 'name', { value: name });
  return rule;
}
