import OpenAI from 'openai';

/** What both OpenAI models build their client from when they are not given one. */
export interface OpenAIClientOptions {
  /** An existing client; otherwise one is built from `baseURL`, `apiKey` and `maxRetries`. */
  readonly client?: OpenAI;
  /** Another server speaking the API (Ollama `http://localhost:11434/v1`, vLLM, Azure OpenAI `…/openai/v1` …). */
  readonly baseURL?: string;
  readonly apiKey?: string;
  /** Retries of the client on 408, 409, 429 and 5xx answers and lost connections (the client's default: 2). */
  readonly maxRetries?: number;
  /** Allow use in a browser, where the key is visible to the user. */
  readonly dangerouslyAllowBrowser?: boolean;
}

/** The given client, or an official `openai` client built from the options. */
export function openAIClientOf(options: OpenAIClientOptions): OpenAI {
  if (options.client) return options.client;
  return new OpenAI({
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    // Local OpenAI-compatible servers take any key; the client insists on one.
    apiKey: options.apiKey ?? (options.baseURL ? 'not-needed' : undefined),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.dangerouslyAllowBrowser ? { dangerouslyAllowBrowser: true } : {}),
  });
}
