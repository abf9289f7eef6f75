import { jsonrepair } from 'jsonrepair';
import { actionError } from '../../errors/action-error.js';
import { omitStrictNulls } from '../../formats/omit-strict-nulls.js';
import { redactText } from '../../redact/redact-value.js';
import { fail, NEXT, type Step } from '../call-state.js';
import { sanitizeArgs } from '../sanitize-args.js';

// The options of sanitizeArgs, made once rather than per call.
const FRESH = Object.freeze({ fresh: true });
const COPIED = Object.freeze({ fresh: false });

/** Accept an object or JSON text (near-JSON repaired and flagged), then copy it into bounded plain data. */
export const parseArgs: Step = {
  name: 'parse',
  run(state) {
    const { limits } = state.runtime;
    let raw = state.call.args;
    const fresh = typeof raw === 'string';
    if (typeof raw === 'string') {
      if (raw.length > limits.maxChars) {
        return fail(
          actionError(
            'invalid_args',
            `the arguments are ${raw.length} characters long; the limit is ${limits.maxChars}`,
          ),
        );
      }
      const text = raw.trim();
      if (text === '') raw = {};
      else {
        try {
          raw = JSON.parse(text);
        } catch (error) {
          try {
            raw = JSON.parse(jsonrepair(text));
            state.repaired = true;
          } catch {
            return fail(
              // The parser quotes a piece of the text, which may hold a secret.
              actionError(
                'invalid_json',
                `the arguments are not valid JSON: ${redactText((error as Error).message)}`,
                {
                  hint: 'send one JSON object, e.g. {"name": "value"}',
                },
              ),
            );
          }
        }
      }
    }
    if (raw === undefined || raw === null) raw = {};
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      return fail(
        actionError(
          'invalid_args',
          `the arguments must be a JSON object; you sent ${Array.isArray(raw) ? 'an array' : `a ${typeof raw}`}`,
        ),
      );
    }
    const sanitized = sanitizeArgs(raw, limits, fresh ? FRESH : COPIED);
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
  },
};
