import { ModelConfigError } from './model-config-error.js';

/** A provider, model, endpoint and key read from the environment. */
export interface ModelConfig {
  /** `openai` is Chat Completions (and OpenAI-compatible servers), `openai-responses` OpenAI's Responses API. */
  readonly provider: 'openai' | 'openai-responses' | 'anthropic' | 'gemini';
  readonly model: string;
  readonly baseURL?: string;
  readonly apiKey?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Read `AFFORDANCE_MODEL=openai:<model>|openai-responses:<model>|anthropic:<model>|gemini:<model>` (`google:<model>`
 * is Gemini too; `openai-responses` is OpenAI's Responses API, with the same variables as `openai`), `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `ANTHROPIC_BASE_URL`, `ANTHROPIC_API_KEY`, `GOOGLE_GEMINI_BASE_URL` and
 * `GOOGLE_API_KEY` or `GEMINI_API_KEY` (the first wins, as in Google's client); throws `ModelConfigError` naming the
 * variable to fix. OpenAI needs a key unless `OPENAI_BASE_URL` points at another server (Ollama, vLLM, llama.cpp,
 * LM Studio).
 */
export function modelConfigFromEnv(env: Env): ModelConfig {
  const spec = env.AFFORDANCE_MODEL?.trim();
  if (!spec) {
    throw new ModelConfigError(
      'missing_model',
      'AFFORDANCE_MODEL',
      'AFFORDANCE_MODEL is not set: set it to openai:<model> (e.g. openai:gpt-4o-mini), anthropic:<model> (e.g. anthropic:claude-sonnet-4-5) or gemini:<model> (e.g. gemini:gemini-2.5-flash)',
    );
  }
  const colon = spec.indexOf(':');
  const provider = colon > 0 ? spec.slice(0, colon) : '';
  const model = colon > 0 ? spec.slice(colon + 1).trim() : '';
  if (!provider || !model) {
    throw new ModelConfigError(
      'invalid_model',
      'AFFORDANCE_MODEL',
      `AFFORDANCE_MODEL=${JSON.stringify(spec)} is not <provider>:<model>; use openai:<model>, anthropic:<model> or gemini:<model>`,
    );
  }
  const present = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  if (provider === 'openai' || provider === 'openai-responses') {
    const baseURL = present('OPENAI_BASE_URL');
    const apiKey = present('OPENAI_API_KEY');
    const official = !baseURL || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
    if (!apiKey && official) {
      throw new ModelConfigError(
        'missing_key',
        'OPENAI_API_KEY',
        `OPENAI_API_KEY is not set: it is needed for ${spec} (or set OPENAI_BASE_URL to a local OpenAI-compatible server)`,
      );
    }
    return { provider, model, ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) };
  }
  if (provider === 'anthropic') {
    const apiKey = present('ANTHROPIC_API_KEY');
    if (!apiKey) {
      throw new ModelConfigError(
        'missing_key',
        'ANTHROPIC_API_KEY',
        `ANTHROPIC_API_KEY is not set: it is needed for ${spec}`,
      );
    }
    const baseURL = present('ANTHROPIC_BASE_URL');
    return { provider, model, apiKey, ...(baseURL ? { baseURL } : {}) };
  }
  if (provider === 'gemini' || provider === 'google') {
    const apiKey = present('GOOGLE_API_KEY') ?? present('GEMINI_API_KEY');
    if (!apiKey) {
      throw new ModelConfigError(
        'missing_key',
        'GEMINI_API_KEY',
        `GEMINI_API_KEY (or GOOGLE_API_KEY) is not set: it is needed for ${spec}`,
      );
    }
    const baseURL = present('GOOGLE_GEMINI_BASE_URL');
    return { provider: 'gemini', model, apiKey, ...(baseURL ? { baseURL } : {}) };
  }
  throw new ModelConfigError(
    'unknown_provider',
    'AFFORDANCE_MODEL',
    `AFFORDANCE_MODEL names the provider ${JSON.stringify(provider)}; known providers are openai, openai-responses, anthropic and gemini (or google)`,
  );
}
