import { createRepairBudget, type RepairBudget, readJson } from './read-json.js';
import { actionAnchors, type ObjectSpan, scanObjects, startsWithActionKey } from './scan-objects.js';
import type { ActionParseError, ParsedActionCall } from './types.js';

/** A call, or the problem with an object and whether it looked like an action at all. */
export type ActionObjectReading =
  | { readonly call: ParsedActionCall }
  | { readonly error: ActionParseError; readonly looksLikeAction: boolean };

// Nested `{"action": …}` objects tried, from the last, when the outer object is not an action.
const MAX_NESTED_TRIES = 8;

/** Read the object in `span` as an action call (`{"action": name, …args}`), repairing near-JSON. */
export function readActionObject(
  text: string,
  span: ObjectSpan,
  budget: RepairBudget = createRepairBudget(),
): ActionObjectReading {
  const raw = text.slice(span.start, span.end);
  const where = { raw, span: { start: span.start, end: span.end } };
  const read = readJson(raw, budget);
  const looksLikeAction = startsWithActionKey(text, span.start);
  if (!read.ok) {
    return {
      error: {
        code: 'invalid_json',
        message: `the action is not valid JSON, even after repair: ${read.message}`,
        ...where,
      },
      looksLikeAction,
    };
  }
  const value = read.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      error: {
        code: 'not_an_object',
        message: 'an action must be one JSON object such as {"action": "done"}',
        ...where,
      },
      looksLikeAction,
    };
  }
  const { action, ...args } = value as Record<string, unknown>;
  if (action === undefined) {
    const record = typeof (value as { type?: unknown }).type === 'string';
    return {
      error: record
        ? {
            code: 'not_an_action',
            message:
              'this block is a record ("type", "content"), not an action call; to act, write {"action": "<name>", …}',
            ...where,
          }
        : {
            code: 'missing_action',
            message: 'the object has no "action" field naming the action to perform',
            ...where,
          },
      looksLikeAction,
    };
  }
  if (typeof action !== 'string' || action.trim() === '') {
    return {
      error: {
        code: 'invalid_action_name',
        message: `"action" must be the name of an action; you sent ${JSON.stringify(action)}`,
        ...where,
      },
      looksLikeAction: true,
    };
  }
  return { call: { name: action.trim(), args, repaired: read.repaired || span.truncated, ...where } };
}

/**
 * Read the object in `span`; when it is not an action, try the `{"action": …}` objects nested in it, last first
 * (a wrapper such as `{"response": {"action": …}}`, or prose with an unmatched `{` before the real action).
 */
export function readWithRecovery(text: string, span: ObjectSpan, budget: RepairBudget): ActionObjectReading {
  const outer = readActionObject(text, span, budget);
  if ('call' in outer) return outer;
  const anchors = actionAnchors(text, span.start + 1, span.end, MAX_NESTED_TRIES);
  for (let index = anchors.length - 1; index >= 0; index--) {
    const inner = scanObjects(text, anchors[index]!, span.end, 1)[0];
    if (!inner) continue;
    const reading = readActionObject(text, inner, budget);
    if ('call' in reading) return reading;
  }
  return { error: outer.error, looksLikeAction: outer.looksLikeAction || anchors.length > 0 };
}
