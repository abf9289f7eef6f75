import type { ActivitySnapshotEvent } from '@ag-ui/client';
import { TOOL_PROGRESS_ACTIVITY } from '../core-streaming.js';
import type { ToolCallStore } from '../tool-calls/create-tool-call-store.js';

/** Put a `tool-progress` activity (`{ toolCallId, progress, total?, message? }`) on its call in the store. */
export function applyProgress(store: ToolCallStore, event: ActivitySnapshotEvent): void {
  if (event.activityType !== TOOL_PROGRESS_ACTIVITY) return;
  const { toolCallId, progress, total, message } = event.content as Record<string, unknown>;
  if (typeof toolCallId !== 'string' || typeof progress !== 'number' || !Number.isFinite(progress)) return;
  store.progress(toolCallId, {
    progress,
    ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
    ...(typeof message === 'string' ? { message } : {}),
  });
}
