import { describe, expect, it } from 'vitest';
import { createModelFromEnv } from './create-model-from-env.js';
import { ModelConfigError } from './model-config-error.js';

describe('createModelFromEnv', () => {
  it('builds the provider the environment names', async () => {
    const openai = await createModelFromEnv({
      AFFORDANCE_MODEL: 'openai:qwen2.5',
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
    });
    expect(openai).toMatchObject({ id: 'openai:qwen2.5', toolFormat: 'openai', supportsTools: true });
    const responses = await createModelFromEnv({
      AFFORDANCE_MODEL: 'openai-responses:gpt-5.1',
      OPENAI_API_KEY: 'sk-1',
    });
    expect(responses).toMatchObject({
      id: 'openai-responses:gpt-5.1',
      toolFormat: 'openai-responses',
      supportsTools: true,
      structuredOutput: 'with-tools',
    });
    const anthropic = await createModelFromEnv({
      AFFORDANCE_MODEL: 'anthropic:claude-haiku-4-5',
      ANTHROPIC_API_KEY: 'k',
    });
    expect(anthropic).toMatchObject({ id: 'anthropic:claude-haiku-4-5', toolFormat: 'anthropic' });
    const gemini = await createModelFromEnv({
      AFFORDANCE_MODEL: 'google:gemini-2.5-flash',
      GEMINI_API_KEY: 'k',
    });
    expect(gemini).toMatchObject({
      id: 'gemini:gemini-2.5-flash',
      toolFormat: 'gemini',
      supportsTools: true,
    });
  });

  it('rejects with a ModelConfigError, not a client error, when the key is missing', async () => {
    await expect(
      createModelFromEnv({ AFFORDANCE_MODEL: 'anthropic:claude-haiku-4-5' }),
    ).rejects.toBeInstanceOf(ModelConfigError);
    await expect(createModelFromEnv({ AFFORDANCE_MODEL: 'openai:gpt-4o' })).rejects.toMatchObject({
      code: 'missing_key',
      variable: 'OPENAI_API_KEY',
    });
  });
});
