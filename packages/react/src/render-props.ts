import type { ToolCallEntry, ToolCallError, ToolCallStatus } from '@affordance/client';
import type { ReactNode } from 'react';

/** What a tool-call renderer receives. */
export interface RenderProps<TArgs = Record<string, unknown>> {
  readonly status: ToolCallStatus;
  /** Partial while `pending` (streaming), complete from `executing` on. */
  readonly args: Partial<TArgs> | undefined;
  readonly result: unknown;
  readonly error: ToolCallError | undefined;
  /** Answer a call that waits for the person (an action without a handler); undefined otherwise. */
  readonly respond: ((value: unknown) => void) | undefined;
  /** The full entry: ids, timestamps, the text sent to the model. */
  readonly call: ToolCallEntry;
}

/** A function that renders one tool call. */
export type ToolCallRender<TArgs = Record<string, unknown>> = (props: RenderProps<TArgs>) => ReactNode;
