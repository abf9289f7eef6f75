import { AffordanceError } from '../errors/action-error.js';
import { findFences } from './find-fences.js';
import { readActionObject, readWithRecovery } from './read-action-object.js';
import { createRepairBudget } from './read-json.js';
import { type ObjectSpan, scanObjects, startsWithActionKey } from './scan-objects.js';
import type { ActionParseError, ActionTextFormat, ParsedActionCall, ParsedActions } from './types.js';

/** Options of `parseActions`. */
export interface ParseActionsOptions {
  /** `json`: the final action object; `fenced`: every ```` ```agent-action ```` block; `auto` (default): fenced if any. */
  readonly format?: ActionTextFormat | 'auto';
  /** The fence tag of the `fenced` format (default `agent-action`). */
  readonly fenceTag?: string;
}

const FORMATS = new Set(['json', 'fenced', 'auto']);

/**
 * Find the action calls in a model's free-text answer. `json` takes the final `{"action": …}` object (after prose,
 * inside any code fence, before trailing commentary), as gptagent does; `fenced` takes every ```` ```agent-action ````
 * block in order; `auto` reads fenced blocks when there are any, JSON otherwise. Near-JSON is repaired and flagged
 * `repaired`; what cannot be read becomes a typed error. Never throws for any text (bad options do throw).
 */
export function parseActions(text: string, options: ParseActionsOptions = {}): ParsedActions {
  const requested = options.format ?? 'auto';
  if (!FORMATS.has(requested)) {
    throw new AffordanceError(
      'invalid_option',
      `parseActions: format must be 'json', 'fenced' or 'auto', not ${JSON.stringify(requested)}`,
    );
  }
  const tag = (options.fenceTag ?? 'agent-action').toLowerCase();
  if (typeof text !== 'string') {
    return {
      format: requested === 'auto' ? 'json' : requested,
      calls: [],
      errors: [{ code: 'no_action', message: `expected text, got ${typeof text}` }],
    };
  }
  if (requested === 'json') return { format: 'json', ...parseJsonFormat(text) };
  const fences = findFences(text, tag).filter((fence) => fence.info === tag);
  if (requested === 'auto' && fences.length === 0) return { format: 'json', ...parseJsonFormat(text) };
  return { format: 'fenced', ...parseFencedFormat(text, fences, tag) };
}

type Parsed = Omit<ParsedActions, 'format'>;

function parseJsonFormat(text: string): Parsed {
  const spans = scanObjects(text);
  const budget = createRepairBudget();
  // Problems in objects after the chosen call that looked like actions: the model may have meant one of them.
  // Collected from the end backwards, so reversed before they are returned.
  const later: ActionParseError[] = [];
  let lastOther: ObjectSpan | undefined;
  for (let index = spans.length - 1; index >= 0; index--) {
    const span = spans[index]!;
    // An object whose text never says "action" cannot hold one: skip it unread (most prose braces end here).
    if (!text.slice(span.start, span.end).includes('action')) {
      lastOther ??= span;
      continue;
    }
    const reading = readWithRecovery(text, span, budget);
    if ('call' in reading) {
      const ignored = spans
        .slice(0, index)
        .filter((earlier) => startsWithActionKey(text, earlier.start))
        .map(
          (earlier): ActionParseError => ({
            code: 'ignored_action',
            message: 'only the final action of an answer is performed; write exactly one action per answer',
            raw: text.slice(earlier.start, earlier.end),
            span: { start: earlier.start, end: earlier.end },
          }),
        );
      return { calls: [reading.call], errors: [...ignored, ...later.reverse()] };
    }
    if (reading.looksLikeAction) later.push(reading.error);
    else lastOther ??= span;
  }
  if (later.length > 0) return { calls: [], errors: later.reverse() };
  if (lastOther) {
    const reading = readActionObject(text, lastOther, budget);
    if ('error' in reading) return { calls: [], errors: [reading.error] };
  }
  return {
    calls: [],
    errors: [
      {
        code: 'no_action',
        message: 'no action found; end your answer with one JSON object such as {"action": "done"}',
      },
    ],
  };
}

function parseFencedFormat(text: string, fences: ReturnType<typeof findFences>, tag: string): Parsed {
  if (fences.length === 0) {
    return {
      calls: [],
      errors: [
        {
          code: 'no_action',
          message: `no \`\`\`${tag} block found; write the action as a JSON object inside one`,
        },
      ],
    };
  }
  const calls: ParsedActionCall[] = [];
  const errors: ActionParseError[] = [];
  const budget = createRepairBudget();
  for (const fence of fences) {
    const where = { raw: text.slice(fence.start, fence.end), span: { start: fence.start, end: fence.end } };
    const body = text.slice(fence.bodyStart, fence.bodyEnd).trim();
    if (body === '') {
      errors.push({
        code: 'invalid_json',
        message: `the \`\`\`${tag} block is empty; put one JSON object in it`,
        ...where,
      });
      continue;
    }
    const span = body.startsWith('[') ? undefined : scanObjects(text, fence.bodyStart, fence.bodyEnd, 1)[0];
    if (!span) {
      errors.push({
        code: 'not_an_object',
        message: `a \`\`\`${tag} block must hold one JSON object such as {"action": "done"}`,
        ...where,
      });
      continue;
    }
    const reading = readActionObject(text, span, budget);
    if ('call' in reading) calls.push(reading.call);
    else errors.push(reading.error);
  }
  return { calls, errors };
}
