import type { DetectedActionResult } from '../detect/types.js';

/** One model reply as `runAgent`'s `onModelReply` sees it, before the reply's calls run. */
export interface ModelReply {
  readonly runId: string;
  readonly sessionId: string;
  readonly step: number;
  /** The reply's text (what an action detector reads). */
  readonly text: string;
  readonly signal: AbortSignal;
}

/**
 * What `onModelReply` may answer: `done` ends the run as done once the step is settled; `results` are the detected
 * records it ran (for whoever wraps the hook, e.g. `/agui` streams them).
 */
export interface ModelReplyOutcome {
  readonly done?: boolean;
  readonly results?: readonly DetectedActionResult[];
}

/** Called with every model reply (e.g. the seeds' action detector and executor, `createReplyActions`). */
export type OnModelReply = (
  reply: ModelReply,
) => ModelReplyOutcome | undefined | Promise<ModelReplyOutcome | undefined>;
