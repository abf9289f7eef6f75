import { AffordanceError } from '../errors/action-error.js';
import { findFences } from '../text/find-fences.js';
import { createRepairBudget, readJson } from '../text/read-json.js';
import { scanObjects } from '../text/scan-objects.js';
import type { TextSpan } from '../text/types.js';
import type { DetectedAction } from './types.js';

/** Options of `createActionDetector`. */
export interface ActionDetectorOptions {
  /** The fence tag to look for; only `agent-action` exists today. */
  readonly outputFormat?: 'agent-action';
  /** The types to act on (`decision`, `action-item`, `note`, `question`, `summary`, or custom names). */
  readonly types: readonly string[];
}

/** Why a fenced block could not become a detected action. */
export type DetectionErrorCode = 'invalid_json' | 'not_an_object' | 'missing_type' | 'invalid_content';

/** A block that was found but could not be read. */
export interface DetectionError {
  readonly code: DetectionErrorCode;
  readonly message: string;
  readonly raw: string;
  readonly span: TextSpan;
}

/** Finds typed records in model output; no side effects. */
export interface ActionDetector {
  /** Every ```` ```agent-action ```` record in order; records of unconfigured types come with `configured: false`. */
  detect(content: string): DetectedAction[];
  /** `detect`, plus the blocks that could not be read. */
  scan(content: string): { actions: DetectedAction[]; errors: DetectionError[] };
  readonly types: readonly string[];
}

/**
 * Create a detector for fenced ```` ```agent-action ```` blocks holding `{ "type", "content", ...metadata }` (the seed's
 * format). Records whose type is not configured are returned with `configured: false` rather than dropped, so an
 * executor reports them; unreadable blocks are listed by `scan`. Never throws on any text.
 */
export function createActionDetector(options: ActionDetectorOptions): ActionDetector {
  const outputFormat = options.outputFormat ?? 'agent-action';
  if (outputFormat !== 'agent-action') {
    throw new AffordanceError(
      'invalid_option',
      `createActionDetector: outputFormat must be 'agent-action', not ${JSON.stringify(outputFormat)}`,
    );
  }
  if (
    !Array.isArray(options.types) ||
    options.types.some((type) => typeof type !== 'string' || type.trim() === '')
  ) {
    throw new AffordanceError(
      'invalid_option',
      'createActionDetector: types must be a list of non-empty names such as ["decision", "note"]',
    );
  }
  const types = Object.freeze([...options.types]);
  const configured = new Set(types);
  const scan = (content: string) => {
    const actions: DetectedAction[] = [];
    const errors: DetectionError[] = [];
    if (typeof content !== 'string') return { actions, errors };
    const budget = createRepairBudget();
    for (const fence of findFences(content, outputFormat)) {
      if (fence.info !== outputFormat) continue;
      const raw = content.slice(fence.start, fence.end);
      const span = { start: fence.start, end: fence.end };
      const fail = (code: DetectionErrorCode, message: string) => errors.push({ code, message, raw, span });
      const object = scanObjects(content, fence.bodyStart, fence.bodyEnd, 1)[0];
      const body = content.slice(fence.bodyStart, fence.bodyEnd).trim();
      if (!object || body.startsWith('[')) {
        fail(
          body === '' ? 'invalid_json' : 'not_an_object',
          `an ${outputFormat} block must hold one JSON object such as {"type": "note", "content": "…"}`,
        );
        continue;
      }
      const read = readJson(content.slice(object.start, object.end), budget);
      if (!read.ok) {
        fail(
          'invalid_json',
          `the ${outputFormat} block is not valid JSON, even after repair: ${read.message}`,
        );
        continue;
      }
      if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) {
        fail('not_an_object', `an ${outputFormat} block must hold one JSON object`);
        continue;
      }
      const { type, content: text, ...metadata } = read.value as Record<string, unknown>;
      if (typeof type !== 'string' || type.trim() === '') {
        fail(
          'missing_type',
          `the block needs a "type" such as ${types.map((name) => JSON.stringify(name)).join(', ') || '"note"'}`,
        );
        continue;
      }
      if (typeof text !== 'string') {
        fail(
          'invalid_content',
          `"content" must be a string; you sent ${text === undefined ? 'nothing' : JSON.stringify(text)}`,
        );
        continue;
      }
      const name = type.trim();
      actions.push({
        type: name,
        content: text,
        metadata,
        configured: configured.has(name),
        repaired: read.repaired || object.truncated,
        span,
      });
    }
    return { actions, errors };
  };
  return { types, scan, detect: (content) => scan(content).actions };
}
