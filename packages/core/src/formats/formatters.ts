import { type AGUITool, toAGUITools } from './ag-ui.js';
import { type AnthropicTool, toAnthropicTools } from './anthropic.js';
import { type GeminiFunctionDeclaration, toGeminiTools } from './gemini.js';
import { type MCPTool, toMCPTools } from './mcp.js';
import { type OpenAIChatTool, toOpenAIChatTools } from './openai-chat.js';
import { type OpenAIResponsesTool, toOpenAIResponsesTools } from './openai-responses.js';
import type { ToolFormat, ToolFormatter } from './types.js';

/** The tool type each format produces. */
export interface ToolsByFormat {
  readonly openai: OpenAIChatTool;
  readonly 'openai-responses': OpenAIResponsesTool;
  readonly anthropic: AnthropicTool;
  readonly gemini: GeminiFunctionDeclaration;
  readonly mcp: MCPTool;
  readonly 'ag-ui': AGUITool;
}

/** The tool type of a format given by name or as a formatter (a union of them for a union of formats). */
export type ToolOf<TFormat extends ToolFormat | ToolFormatter> = TFormat extends ToolFormat
  ? ToolsByFormat[TFormat]
  : TFormat extends ToolFormatter<infer TTool>
    ? TTool
    : never;

/** OpenAI Chat Completions tools (`toOpenAIChatTools`). */
export const openaiFormat: ToolFormatter<OpenAIChatTool> = { name: 'openai', format: toOpenAIChatTools };
/** OpenAI Responses tools (`toOpenAIResponsesTools`). */
export const openaiResponsesFormat: ToolFormatter<OpenAIResponsesTool> = {
  name: 'openai-responses',
  format: toOpenAIResponsesTools,
};
/** Anthropic Messages tools (`toAnthropicTools`). */
export const anthropicFormat: ToolFormatter<AnthropicTool> = { name: 'anthropic', format: toAnthropicTools };
/** Gemini function declarations (`toGeminiTools`). */
export const geminiFormat: ToolFormatter<GeminiFunctionDeclaration> = {
  name: 'gemini',
  format: toGeminiTools,
};
/** MCP tools (`toMCPTools`). */
export const mcpFormat: ToolFormatter<MCPTool> = { name: 'mcp', format: toMCPTools };
/** AG-UI tools (`toAGUITools`). */
export const agUiFormat: ToolFormatter<AGUITool> = { name: 'ag-ui', format: toAGUITools };

/** Every built-in format by name: what `createRegistry({ formats })` takes to know them all. */
export const TOOL_FORMATTERS: { readonly [TFormat in ToolFormat]: ToolFormatter<ToolsByFormat[TFormat]> } = {
  openai: openaiFormat,
  'openai-responses': openaiResponsesFormat,
  anthropic: anthropicFormat,
  gemini: geminiFormat,
  mcp: mcpFormat,
  'ag-ui': agUiFormat,
};
