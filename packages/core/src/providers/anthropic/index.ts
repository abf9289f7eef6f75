export { type AnthropicModelOptions, createAnthropicModel } from './create-anthropic-model.js';
