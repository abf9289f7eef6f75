export { createGeminiModel, type GeminiModelOptions } from './create-gemini-model.js';
export { GeminiError, type GeminiErrorCode } from './gemini-error.js';
