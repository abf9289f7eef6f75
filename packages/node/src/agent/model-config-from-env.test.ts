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
      modelConfigFromEnv({ AFFORDANCE_MODEL: 'openai-responses:gpt-5.1', OPENAI_API_KEY: 'sk-1' }),
    ).toEqual({ provider: 'openai-responses', model: 'gpt-5.1', apiKey: 'sk-1' });
    expect(
      errorOf({ AFFORDANCE_MODEL: 'openai-responses:gpt-5.1', OPENAI_BASE_URL: 'https://api.openai.com/v1' }),
    ).toMatchObject({ code: 'missing_key', variable: 'OPENAI_API_KEY' });
    expect(
      modelConfigFromEnv({ AFFORDANCE_MODEL: 'anthropic:claude-sonnet-4-5', ANTHROPIC_API_KEY: 'k' }),
    ).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'k',
    });
  });

  it('reads Gemini settings under gemini: or google:, the key from GOOGLE_API_KEY first, as Google’s client does', () => {
    expect(modelConfigFromEnv({ AFFORDANCE_MODEL: 'gemini:gemini-2.5-flash', GEMINI_API_KEY: 'g1' })).toEqual(
      {
        provider: 'gemini',
        model: 'gemini-2.5-flash',
        apiKey: 'g1',
      },
    );
    expect(
      modelConfigFromEnv({
        AFFORDANCE_MODEL: 'google:gemini-3-pro-preview',
        GEMINI_API_KEY: 'g1',
        GOOGLE_API_KEY: 'g2',
        GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:8080',
      }),
    ).toEqual({
      provider: 'gemini',
      model: 'gemini-3-pro-preview',
      apiKey: 'g2',
      baseURL: 'http://127.0.0.1:8080',
    });
    const missing = errorOf({ AFFORDANCE_MODEL: 'gemini:gemini-2.5-flash', GEMINI_API_KEY: ' ' });
    expect(missing).toMatchObject({ code: 'missing_key', variable: 'GEMINI_API_KEY' });
    expect(missing.message).toBe(
      'GEMINI_API_KEY (or GOOGLE_API_KEY) is not set: it is needed for gemini:gemini-2.5-flash',
    );
  });

  it('names the variable to fix', () => {
    expect(errorOf({})).toMatchObject({ code: 'missing_model', variable: 'AFFORDANCE_MODEL' });
    expect(errorOf({ AFFORDANCE_MODEL: 'gpt-4o' })).toMatchObject({
      code: 'invalid_model',
      variable: 'AFFORDANCE_MODEL',
    });
    const unknown = errorOf({ AFFORDANCE_MODEL: 'mistral:large' });
    expect(unknown).toMatchObject({ code: 'unknown_provider' });
    expect(unknown.message).toMatch(
      /known providers are openai, openai-responses, anthropic and gemini \(or google\)$/,
    );
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
