import { AffordanceError } from '../errors/action-error.js';
import type { FinalOutput } from './final-output.js';
import type { LanguageModel, ModelRequest, ModelResponse } from './model-types.js';
import { JSON_TURN_PROMPT } from './native-output.js';

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

/**
 * The JSON turn of a model that takes its response format only without tools: the reply that ended the tool turns,
 * then a request without tools asking for the final answer in the format. Its answer stands for the step's reply.
 */
export async function askJsonTurn(
  model: LanguageModel,
  request: Omit<ModelRequest, 'signal'>,
  reply: ModelResponse,
  output: FinalOutput,
  signal: AbortSignal,
  onText: ((delta: string) => void) | undefined,
): Promise<ModelResponse> {
  const messages = [
    ...request.messages,
    ...(reply.text.trim() !== ''
      ? [
          {
            role: 'assistant' as const,
            content: reply.text,
            ...(reply.providerData ? { providerData: reply.providerData } : {}),
          },
        ]
      : []),
    { role: 'user' as const, content: JSON_TURN_PROMPT },
  ];
  const format = output.format;
  return askModel(model, { messages, ...(format ? { responseFormat: format } : {}), signal }, onText);
}
