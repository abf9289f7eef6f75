import { describe, expect, it } from 'vitest';
import { createModelFromEnv } from './create-model-from-env.js';
import { ModelConfigError } from './model-config-error.js';

describe('createModelFromEnv', () => {
  it.each([
    {
      env: { AFFORDANCE_MODEL: 'openai:qwen2.5', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' },
      model: { id: 'openai:qwen2.5', toolFormat: 'openai', supportsTools: true },
    },
    {
      env: { AFFORDANCE_MODEL: 'openai-responses:gpt-5.1', OPENAI_API_KEY: 'sk-1' },
      model: {
        id: 'openai-responses:gpt-5.1',
        toolFormat: 'openai-responses',
        supportsTools: true,
        structuredOutput: 'with-tools',
      },
    },
    {
      env: { AFFORDANCE_MODEL: 'anthropic:claude-haiku-4-5', ANTHROPIC_API_KEY: 'k' },
      model: { id: 'anthropic:claude-haiku-4-5', toolFormat: 'anthropic' },
    },
    {
      env: { AFFORDANCE_MODEL: 'google:gemini-2.5-flash', GEMINI_API_KEY: 'k' },
      model: { id: 'gemini:gemini-2.5-flash', toolFormat: 'gemini', supportsTools: true },
    },
  ])('builds the provider $env.AFFORDANCE_MODEL names', async ({ env, model }) => {
    expect(await createModelFromEnv(env)).toMatchObject(model);
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
