export { type AGUITool, toAGUITools } from './ag-ui.js';
export { type AnthropicTool, toAnthropicTools } from './anthropic.js';
export { formatTools } from './format-tools.js';
export {
  agUiFormat,
  anthropicFormat,
  geminiFormat,
  mcpFormat,
  openaiFormat,
  openaiResponsesFormat,
  TOOL_FORMATTERS,
  type ToolOf,
  type ToolsByFormat,
} from './formatters.js';
export { type GeminiFunctionDeclaration, toGeminiTools } from './gemini.js';
export { type GeminiSchema, type GeminiType, toGeminiSchema } from './gemini-schema.js';
export { type MCPTool, type MCPToolAnnotations, toMCPTools } from './mcp.js';
export { omitStrictNulls } from './omit-strict-nulls.js';
export { type OpenAIChatTool, toOpenAIChatTools } from './openai-chat.js';
export { type OpenAIResponsesTool, toOpenAIResponsesTools } from './openai-responses.js';
export { type StrictConversion, toStrictSchema } from './strict-schema.js';
export {
  ANTHROPIC_NAMES,
  GEMINI_NAMES,
  legalizeNames,
  MCP_NAMES,
  type NameRule,
  OPENAI_NAMES,
  toolNameTables,
} from './tool-names.js';
export type {
  FormatOptions,
  FormattedTools,
  ToolFormat,
  ToolFormatter,
  ToolSource,
  ToolWarning,
} from './types.js';
export { TOOL_FORMATS } from './types.js';
