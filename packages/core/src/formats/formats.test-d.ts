// The adapters' tool types checked against each provider's own SDK types.
import type { Tool as AGUITool } from '@ag-ui/core';
import type { Tool as AnthropicSDKTool } from '@anthropic-ai/sdk/resources/messages/messages';
import type { FunctionDeclaration, Type } from '@google/genai';
import type { Tool as MCPSDKTool } from '@modelcontextprotocol/sdk/types.js';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { describe, expectTypeOf, it } from 'vitest';
import type { AGUITool as OurAGUITool, toAGUITools } from './ag-ui.js';
import type { AnthropicTool, toAnthropicTools } from './anthropic.js';
import type { GeminiFunctionDeclaration, toGeminiTools } from './gemini.js';
import type { MCPTool, toMCPTools } from './mcp.js';
import type { OpenAIChatTool, toOpenAIChatTools } from './openai-chat.js';
import type { OpenAIResponsesTool, toOpenAIResponsesTools } from './openai-responses.js';

// On the wire an enum member is its string value; the SDK's TypeScript enum is nominal.
type Wire<T> = T extends Type
  ? `${T}`
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends ReadonlyArray<infer U>
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

describe('tool types', () => {
  it('fit the provider SDK types', () => {
    expectTypeOf<OpenAIChatTool>().toExtend<ChatCompletionFunctionTool>();
    expectTypeOf<OpenAIResponsesTool>().toExtend<FunctionTool>();
    expectTypeOf<AnthropicTool>().toExtend<AnthropicSDKTool>();
    expectTypeOf<GeminiFunctionDeclaration>().toExtend<Wire<FunctionDeclaration>>();
    expectTypeOf<MCPTool>().toExtend<MCPSDKTool>();
    expectTypeOf<OurAGUITool>().toExtend<AGUITool>();
  });

  it('are what the adapters return', () => {
    expectTypeOf<ReturnType<typeof toOpenAIChatTools>['tools'][number]>().toEqualTypeOf<OpenAIChatTool>();
    expectTypeOf<
      ReturnType<typeof toOpenAIResponsesTools>['tools'][number]
    >().toEqualTypeOf<OpenAIResponsesTool>();
    expectTypeOf<ReturnType<typeof toAnthropicTools>['tools'][number]>().toEqualTypeOf<AnthropicTool>();
    expectTypeOf<
      ReturnType<typeof toGeminiTools>['tools'][number]
    >().toEqualTypeOf<GeminiFunctionDeclaration>();
    expectTypeOf<ReturnType<typeof toMCPTools>['tools'][number]>().toEqualTypeOf<MCPTool>();
    expectTypeOf<ReturnType<typeof toAGUITools>['tools'][number]>().toEqualTypeOf<OurAGUITool>();
  });

  it('would catch a wrong shape', () => {
    expectTypeOf<{ name: string; input_schema: { type: 'string' } }>().not.toExtend<AnthropicSDKTool>();
    expectTypeOf<{ name: string; parameters: { type: 'OBJ' } }>().not.toExtend<Wire<FunctionDeclaration>>();
  });
});
