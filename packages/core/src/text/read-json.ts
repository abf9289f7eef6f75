import { jsonrepair } from 'jsonrepair';
import { completeTruncated } from './complete-truncated.js';

/** The value read from JSON or near-JSON text, or why it could not be read. */
export type JsonRead =
  | { readonly ok: true; readonly value: unknown; readonly repaired: boolean }
  | { readonly ok: false; readonly message: string };

/**
 * What one parse may spend on broken JSON. `jsonrepair` grows faster than linearly on some inputs (long runs of
 * quotes) and a failed `JSON.parse` costs tens of microseconds (it builds an exception), so a hostile answer with
 * thousands of broken objects must not be read one by one: each repair is charged at least 256 characters against
 * `remaining`, texts over `perText` are only closed (never repaired), and after `failures` failed parses the rest
 * are reported unread.
 */
export interface RepairBudget {
  remaining: number;
  failures: number;
  readonly perText: number;
}

/** A fresh budget for one parse: 32,000 characters per text, 128,000 in all, 2,000 failed parses (far above any real answer). */
export function createRepairBudget(): RepairBudget {
  return { remaining: 128_000, failures: 2_000, perText: 32_000 };
}

const MIN_CHARGE = 256;

/**
 * Read JSON text; when it is not valid JSON, repair it with `jsonrepair` (single quotes, trailing commas, unquoted
 * keys, comments, cut-off endings) within the budget, or else close a cut-off text in linear time, and flag the
 * result `repaired`. Never throws.
 */
export function readJson(raw: string, budget: RepairBudget = createRepairBudget()): JsonRead {
  if (budget.failures <= 0)
    return { ok: false, message: 'not read: this answer holds too many broken JSON objects' };
  let firstError: unknown;
  try {
    return { ok: true, value: JSON.parse(raw), repaired: false };
  } catch (error) {
    firstError = error;
    budget.failures--;
  }
  const charge = Math.max(raw.length, MIN_CHARGE);
  if (raw.length <= budget.perText && charge <= budget.remaining) {
    budget.remaining -= charge;
    try {
      return { ok: true, value: JSON.parse(jsonrepair(raw)), repaired: true };
    } catch {
      budget.failures--;
      // Report the parser's own complaint about the original text: it points at the first broken character.
      return { ok: false, message: messageOf(firstError) };
    }
  }
  try {
    return { ok: true, value: JSON.parse(completeTruncated(raw)), repaired: true };
  } catch {
    budget.failures--;
    const why =
      raw.length > budget.perText
        ? 'too long to repair'
        : 'too many broken objects in this answer to repair them all';
    return { ok: false, message: `${messageOf(firstError)} (${why}; send valid JSON)` };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof RangeError) return 'it is nested too deeply to read';
  return error instanceof Error ? error.message : String(error);
}
