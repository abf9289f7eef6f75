import { AffordanceError } from '../errors/action-error.js';
import type { LanguageModel, ModelRequest, ModelResponse } from './model-types.js';

/** Ask the model for one answer: `generate`, or `stream` with each text delta passed to `onText`. */
export async function askModel(
  model: LanguageModel,
  request: ModelRequest,
  onText: ((delta: string) => void) | undefined,
): Promise<ModelResponse> {
  if (!onText) return model.generate(request);
  let response: ModelResponse | undefined;
  for await (const part of model.stream(request)) {
    if (part.type === 'text-delta') onText(part.delta);
    else if (part.type === 'response-finish') response = part.response;
  }
  if (!response) {
    throw new AffordanceError(
      'invalid_stream',
      `the stream of ${model.id} ended without a response-finish part`,
    );
  }
  return response;
}
