export { type AGUIEvent, type AGUIInterrupt, TOOL_PROGRESS_ACTIVITY } from './agui-event.js';
export {
  createToolCallAssembler,
  type ToolCallAssembler,
  type ToolCallAssemblerOptions,
} from './create-tool-call-assembler.js';
export { PartialJsonError, type PartialJsonErrorCode, type TextPosition } from './partial-json-error.js';
export {
  createPartialJsonParser,
  type JsonValue,
  type PartialJsonOptions,
  type PartialJsonParser,
  type PartialJsonStatus,
} from './partial-json-parser.js';
export type { ToolExecutor } from './run-tool-calls.js';
export {
  type AGUIEncoder,
  type AGUIEncoderOptions,
  type AGUIFinish,
  createAGUIEncoder,
  toAGUIEvents,
} from './to-agui-events.js';
export type {
  ToolCallError,
  ToolCallPart,
  ToolCallState,
  ToolCallStatus,
  ToolStreamErrorCode,
} from './tool-call-parts.js';
export { detectStreamFormat } from './wire/detect-stream-format.js';
export { STREAM_FORMATS, type StreamFormat } from './wire/wire-event.js';
