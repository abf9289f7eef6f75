import { describe, expect, it } from 'vitest';
import { ModelConfigError } from './model-config-error.js';
import { modelConfigFromEnv } from './model-config-from-env.js';

function errorOf(env: Record<string, string>): ModelConfigError {
  try {
    modelConfigFromEnv(env);
  } catch (error) {
    if (error instanceof ModelConfigError) return error;
    throw error;
  }
  throw new Error('expected a ModelConfigError');
}

describe('modelConfigFromEnv', () => {
  it('reads OpenAI, OpenAI-compatible and Anthropic settings', () => {
    expect(modelConfigFromEnv({ AFFORDANCE_MODEL: 'openai:gpt-4o-mini', OPENAI_API_KEY: 'sk-1' })).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-1',
    });
    expect(
      modelConfigFromEnv({
        AFFORDANCE_MODEL: 'openai:llama3.2:3b',
        OPENAI_BASE_URL: 'http://localhost:11434/v1',
      }),
    ).toEqual({
      provider: 'openai',
      model: 'llama3.2:3b',
      baseURL: 'http://localhost:11434/v1',
    });
    expect(
      modelConfigFromEnv({ AFFORDANCE_MODEL: 'anthropic:claude-sonnet-4-5', ANTHROPIC_API_KEY: 'k' }),
    ).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'k',
    });
  });

  it('names the variable to fix', () => {
    expect(errorOf({})).toMatchObject({ code: 'missing_model', variable: 'AFFORDANCE_MODEL' });
    expect(errorOf({ AFFORDANCE_MODEL: 'gpt-4o' })).toMatchObject({
      code: 'invalid_model',
      variable: 'AFFORDANCE_MODEL',
    });
    expect(errorOf({ AFFORDANCE_MODEL: 'gemini:pro' })).toMatchObject({ code: 'unknown_provider' });
    const openai = errorOf({ AFFORDANCE_MODEL: 'openai:gpt-4o', OPENAI_API_KEY: '  ' });
    expect(openai).toMatchObject({ code: 'missing_key', variable: 'OPENAI_API_KEY' });
    expect(openai.message).toBe(
      'OPENAI_API_KEY is not set: it is needed for openai:gpt-4o (or set OPENAI_BASE_URL to a local OpenAI-compatible server)',
    );
    expect(
      errorOf({ AFFORDANCE_MODEL: 'openai:gpt-4o', OPENAI_BASE_URL: 'https://api.openai.com/v1' }).code,
    ).toBe('missing_key');
    expect(errorOf({ AFFORDANCE_MODEL: 'anthropic:claude' })).toMatchObject({
      code: 'missing_key',
      variable: 'ANTHROPIC_API_KEY',
    });
  });
});
