import { type Model, type ModelRequest, type ModelResponse, Usage } from '@openai/agents';

/**
 * A model implementing the SDK's `Model` interface that answers from a script, one response per turn, and keeps
 * every request (the pattern of the SDK's own tests).
 */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #script: ModelResponse['output'][];

  constructor(script: ModelResponse['output'][]) {
    this.#script = [...script];
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.#script.shift();
    if (!output) throw new Error('the scripted model has no more responses');
    return { usage: new Usage(), output, responseId: `resp-${this.requests.length}` };
  }

  // biome-ignore lint/correctness/useYield: these tests never stream
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('the scripted model does not stream');
  }
}

/** A turn in which the model calls a tool. */
export function callsTool(
  name: string,
  args: Record<string, unknown>,
  callId: string,
): ModelResponse['output'] {
  return [
    {
      type: 'function_call',
      id: `fc-${callId}`,
      callId,
      name,
      arguments: JSON.stringify(args),
      status: 'completed',
    },
  ];
}

/** A turn in which the model answers in text. */
export function says(text: string): ModelResponse['output'] {
  return [
    {
      type: 'message',
      id: `msg-${text.length}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text }],
    },
  ];
}
