export { createOpenAIModel, type OpenAIModelOptions } from './create-openai-model.js';
