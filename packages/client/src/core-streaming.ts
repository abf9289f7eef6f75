// The streaming pieces of @affordance/core this package builds on, in one place.
export {
  createToolCallAssembler,
  type ToolCallAssembler,
  type ToolCallError,
  type ToolCallPart,
  type ToolCallStatus,
} from '@affordance/core';
