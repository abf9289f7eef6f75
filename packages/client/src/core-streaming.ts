// The streaming pieces of @affordance/core this package builds on, in one place.
export { createToolCallAssembler } from '@affordance/core';
export type {
  ToolCallAssembler,
  ToolCallError,
  ToolCallPart,
  ToolCallStatus,
} from '@affordance/core/streaming';
export { TOOL_PROGRESS_ACTIVITY } from '@affordance/core/streaming';
