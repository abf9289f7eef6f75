export { createOpenAIModel, type OpenAIModelOptions } from './create-openai-model.js';
export {
  createOpenAIResponsesModel,
  type OpenAIResponsesModelOptions,
} from './create-openai-responses-model.js';
export type { OpenAIClientOptions } from './openai-client.js';
export { OpenAIResponsesError, type OpenAIResponsesErrorCode } from './openai-responses-error.js';
export type {
  OpenAIReasoningEffort,
  OpenAIReasoningOptions,
  OpenAITextOptions,
} from './openai-responses-settings.js';
