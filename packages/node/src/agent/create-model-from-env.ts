import type { LanguageModel } from '@affordance/core/agent';
import { ModelConfigError } from './model-config-error.js';
import { type ModelConfig, modelConfigFromEnv } from './model-config-from-env.js';

/**
 * Build the `LanguageModel` the environment names (`AFFORDANCE_MODEL` and the provider's base URL and key).
 * A missing or malformed setting throws `ModelConfigError` before anything is loaded or sent.
 */
export async function createModelFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<LanguageModel> {
  return createModelFromConfig(modelConfigFromEnv(env));
}

/**
 * Build the `LanguageModel` of a `ModelConfig`, loading only the chosen provider's SDK (each is an optional peer
 * dependency); a provider whose SDK is not installed is a `ModelConfigError` saying what to install.
 */
export async function createModelFromConfig(config: ModelConfig): Promise<LanguageModel> {
  const endpoint = {
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  };
  switch (config.provider) {
    case 'openai': {
      const { createOpenAIModel } = await load(() => import('@affordance/core/openai'), 'openai');
      return createOpenAIModel({ model: config.model, ...endpoint });
    }
    case 'openai-responses': {
      const { createOpenAIResponsesModel } = await load(() => import('@affordance/core/openai'), 'openai');
      return createOpenAIResponsesModel({ model: config.model, ...endpoint });
    }
    case 'anthropic': {
      const { createAnthropicModel } = await load(
        () => import('@affordance/core/anthropic'),
        '@anthropic-ai/sdk',
      );
      return createAnthropicModel({ model: config.model, ...endpoint });
    }
    case 'gemini': {
      const { createGeminiModel } = await load(() => import('@affordance/core/gemini'), '@google/genai');
      return createGeminiModel({ model: config.model, ...endpoint });
    }
    default: {
      const never: never = config.provider;
      return never;
    }
  }
}

async function load<TModule>(importer: () => Promise<TModule>, sdk: string): Promise<TModule> {
  try {
    return await importer();
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new ModelConfigError(
        'missing_package',
        'AFFORDANCE_MODEL',
        `AFFORDANCE_MODEL needs the ${sdk} package: install it (npm install ${sdk})`,
      );
    }
    throw error;
  }
}
