import { actionError } from '../../errors/action-error.js';
import { omitStrictNulls } from '../../formats/omit-strict-nulls.js';
import { redactText } from '../../redact/redact-value.js';
import { type CallState, fail, NEXT, type Step, type StepAnswer, type StepOutcome } from '../call-state.js';
import { sanitizeArgs } from '../sanitize-args.js';

// The options of sanitizeArgs, made once rather than per call.
const FRESH = Object.freeze({ fresh: true });
const COPIED = Object.freeze({ fresh: false });

/** Accept an object or JSON text (near-JSON repaired and flagged), then copy it into bounded plain data. */
export const parseArgs: Step = {
  name: 'parse',
  run(state) {
    const { limits } = state.runtime;
    const raw = state.call.args;
    if (typeof raw !== 'string') return accept(state, raw, false);
    if (raw.length > limits.maxChars) {
      return fail(
        actionError(
          'invalid_args',
          `the arguments are ${raw.length} characters long; the limit is ${limits.maxChars}`,
        ),
      );
    }
    const text = raw.trim();
    if (text === '') return accept(state, {}, true);
    try {
      return accept(state, JSON.parse(text), true);
    } catch (error) {
      return repair(state, text, error as Error);
    }
  },
};

// jsonrepair is loaded on the first repair only: a browser bundle leaves it in a chunk of its own, and calls
// with good JSON (nearly all) never wait for it.
function repair(state: CallState, text: string, error: Error): StepAnswer {
  return import('jsonrepair').then(({ jsonrepair }) => {
    let repaired: unknown;
    try {
      repaired = JSON.parse(jsonrepair(text));
    } catch {
      return fail(
        // The parser quotes a piece of the text, which may hold a secret.
        actionError('invalid_json', `the arguments are not valid JSON: ${redactText(error.message)}`, {
          hint: 'send one JSON object, e.g. {"name": "value"}',
        }),
      );
    }
    state.repaired = true;
    return accept(state, repaired, true);
  });
}

// Copy parsed (or given) arguments into bounded plain data.
function accept(state: CallState, parsed: unknown, fresh: boolean): StepOutcome {
  const raw = parsed ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return fail(
      actionError(
        'invalid_args',
        `the arguments must be a JSON object; you sent ${Array.isArray(raw) ? 'an array' : `a ${typeof raw}`}`,
      ),
    );
  }
  const sanitized = sanitizeArgs(raw, state.runtime.limits, fresh ? FRESH : COPIED);
  if ('problem' in sanitized) {
    const { message, path } = sanitized.problem;
    return fail(actionError('invalid_args', message, { issues: [{ path, message }] }));
  }
  state.args = sanitized.value as Record<string, unknown>;
  // OpenAI strict mode sends null for optional arguments the model left out; drop those the schema forbids.
  if (sanitized.hasNull && state.plan) {
    state.args = omitStrictNulls(state.args, state.plan.argsSchema) as Record<string, unknown>;
  }
  return NEXT;
}
