/**
 * The `activityType` of a running call's progress (`ctx.progress`), an AG-UI `ACTIVITY_SNAPSHOT` whose content is
 * `{ toolCallId, name, progress, total?, message? }`: what `@affordance/server`'s `/agui` sends and
 * `@affordance/client`'s chat reads.
 */
export const TOOL_PROGRESS_ACTIVITY = 'tool-progress';

/**
 * The AG-UI events the encoder writes, typed here so that core needs no AG-UI package at run time; each
 * matches the event of the same `type` in `@ag-ui/core`.
 */
export type AGUIEvent =
  | {
      readonly type: 'RUN_STARTED';
      readonly threadId: string;
      readonly runId: string;
      readonly timestamp?: number;
    }
  | {
      readonly type: 'RUN_FINISHED';
      readonly threadId: string;
      readonly runId: string;
      readonly result?: unknown;
      /**
       * `success` (with `pendingToolCallIds`: frontend tool calls the client answers in its next run), or
       * `interrupt`: what the paused run waits for, answered by the next run's `resume` entries.
       */
      readonly outcome?:
        | { readonly type: 'success'; readonly pendingToolCallIds?: readonly string[] }
        | { readonly type: 'interrupt'; readonly interrupts: readonly AGUIInterrupt[] };
      readonly timestamp?: number;
    }
  | {
      readonly type: 'STEP_STARTED' | 'STEP_FINISHED';
      readonly stepName: string;
      readonly timestamp?: number;
    }
  | {
      readonly type: 'RUN_ERROR';
      readonly message: string;
      readonly code?: string;
      readonly timestamp?: number;
    }
  | {
      readonly type: 'TEXT_MESSAGE_START';
      readonly messageId: string;
      readonly role: 'assistant';
      readonly timestamp?: number;
    }
  | {
      readonly type: 'TEXT_MESSAGE_CONTENT';
      readonly messageId: string;
      readonly delta: string;
      readonly timestamp?: number;
    }
  | { readonly type: 'TEXT_MESSAGE_END'; readonly messageId: string; readonly timestamp?: number }
  | {
      readonly type: 'TOOL_CALL_START';
      readonly toolCallId: string;
      readonly toolCallName: string;
      readonly parentMessageId?: string;
      readonly timestamp?: number;
    }
  | {
      readonly type: 'TOOL_CALL_ARGS';
      readonly toolCallId: string;
      readonly delta: string;
      readonly timestamp?: number;
    }
  | { readonly type: 'TOOL_CALL_END'; readonly toolCallId: string; readonly timestamp?: number }
  | {
      /** An application event (`@affordance/server`: `affordance.actions-detected`). */
      readonly type: 'CUSTOM';
      readonly name: string;
      readonly value: unknown;
      readonly timestamp?: number;
    }
  | {
      /** Structured progress that is not conversation content (a running call's `ctx.progress`). */
      readonly type: 'ACTIVITY_SNAPSHOT';
      readonly messageId: string;
      readonly activityType: string;
      readonly content: Readonly<Record<string, unknown>>;
      readonly replace?: boolean;
      readonly timestamp?: number;
    }
  | {
      readonly type: 'TOOL_CALL_RESULT';
      readonly messageId: string;
      readonly toolCallId: string;
      readonly content: string;
      readonly role: 'tool';
      readonly timestamp?: number;
    };

/** An AG-UI interrupt: something a paused run waits for, answered by a resume entry with its `id`. */
export interface AGUIInterrupt {
  readonly id: string;
  readonly reason: string;
  readonly message?: string;
  readonly toolCallId?: string;
  readonly responseSchema?: Readonly<Record<string, unknown>>;
  readonly expiresAt?: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
}
