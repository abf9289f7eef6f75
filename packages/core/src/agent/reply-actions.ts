import type { ActionDetector } from '../detect/create-action-detector.js';
import type { ActionExecutor } from '../detect/create-action-executor.js';
import type { DetectedActionResult } from '../detect/types.js';
import type { ModelReply, OnModelReply } from './model-reply.js';

/** The record type the legacy runner watched to decide completion. */
export const LEGACY_COMPLETION_TYPE = 'issue-action';

/** Options of `createReplyActions`. */
export interface ReplyActionsOptions {
  readonly detector: ActionDetector;
  readonly executor: ActionExecutor;
  /**
   * Honour the legacy completion rule (deprecated): an `issue-action` record that ran and closed the issue (its
   * result, or the record itself, says `"action": "close"`) ends the run as done.
   */
  readonly legacyCompletion?: boolean;
  /** Told the results of each reply that held records (for the CLI's output, AG-UI events, logs). */
  readonly onResults?: (results: readonly DetectedActionResult[], reply: ModelReply) => void;
}

/**
 * The seeds' runner step as a `runAgent` hook: on every model reply, detect the `agent-action` records, run them
 * through the executor, report the results, and (with `legacyCompletion`) end the run when the issue was closed.
 */
export function createReplyActions(options: ReplyActionsOptions): OnModelReply {
  return async (reply) => {
    const actions = options.detector.detect(reply.text);
    if (actions.length === 0) return undefined;
    const results = await options.executor.execute(actions, { signal: reply.signal });
    options.onResults?.(results, reply);
    return options.legacyCompletion && results.some(closesIssue) ? { done: true, results } : { results };
  };
}

/** The legacy rule: `action.type === "issue-action"` and `result.action === "close"`. */
export function closesIssue(result: DetectedActionResult): boolean {
  if (!result.success || result.action.type !== LEGACY_COMPLETION_TYPE) return false;
  const outcome = result.result as { action?: unknown } | undefined;
  return outcome?.action === 'close' || result.action.metadata.action === 'close';
}
