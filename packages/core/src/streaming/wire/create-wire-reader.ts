import { createAGUIReader } from './read-agui.js';
import { createAnthropicReader } from './read-anthropic.js';
import { createBedrockReader } from './read-bedrock.js';
import { createCohereReader } from './read-cohere.js';
import { createGeminiReader } from './read-gemini.js';
import { createGeminiInteractionsReader } from './read-gemini-interactions.js';
import { createOpenAIChatReader } from './read-openai-chat.js';
import { createOpenAIResponsesReader } from './read-openai-responses.js';
import type { StreamFormat, WireReader } from './wire-event.js';

/** A fresh reader for one stream of the given format. */
export function createWireReader(format: StreamFormat): WireReader {
  switch (format) {
    case 'openai-chat':
      return createOpenAIChatReader();
    case 'openai-responses':
      return createOpenAIResponsesReader();
    case 'anthropic':
      return createAnthropicReader();
    case 'gemini':
      return createGeminiReader();
    case 'gemini-interactions':
      return createGeminiInteractionsReader();
    case 'bedrock':
      return createBedrockReader();
    case 'cohere':
      return createCohereReader();
    case 'ag-ui':
      return createAGUIReader();
    default: {
      const unreachable: never = format;
      throw new TypeError(`unknown stream format ${String(unreachable)}`);
    }
  }
}
