import type { LanguageModel } from '@affordance/core/agent';

/**
 * What a server is given as its model: a `LanguageModel`, or `openai:<model>` / `openai-responses:<model>` /
 * `anthropic:<model>` / `gemini:<model>` to build.
 */
export type ModelSource = LanguageModel | string;

/** A model, or why there is none (`no_model`, or `model_config` with the configuration error's message). */
export type ResolvedModel =
  | { readonly ok: true; readonly model: LanguageModel }
  | { readonly ok: false; readonly code: 'no_model' | 'model_config'; readonly message: string };

/** How to configure a model, as `/agui` and `affordance agent` say when none is set. */
export const NO_MODEL_MESSAGE =
  'No model is configured, so the agent cannot run. Start the server with AFFORDANCE_MODEL=openai:<model> ' +
  '(for example openai:gpt-4.1-mini) and OPENAI_API_KEY set.';

/**
 * Build the model once (a string goes through `@affordance/node`'s `createModelFromEnv` with the process
 * environment's base URL and key), and answer the same result, success or configuration error, every time.
 */
export function modelResolver(
  source: ModelSource | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): () => Promise<ResolvedModel> {
  let resolved: Promise<ResolvedModel> | undefined;
  return () => {
    resolved ??= resolveModel(source, env);
    return resolved;
  };
}

async function resolveModel(
  source: ModelSource | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ResolvedModel> {
  if (source === undefined || source === '')
    return { ok: false, code: 'no_model', message: NO_MODEL_MESSAGE };
  if (typeof source !== 'string') return { ok: true, model: source };
  const { createModelFromEnv, ModelConfigError } = await import('@affordance/node');
  try {
    return { ok: true, model: await createModelFromEnv({ ...env, AFFORDANCE_MODEL: source }) };
  } catch (error) {
    if (error instanceof ModelConfigError) return { ok: false, code: 'model_config', message: error.message };
    throw error;
  }
}

/** The printable name of a model source (`openai:gpt-4.1-mini`), for health and logs. */
export function modelName(source: ModelSource | undefined): string | undefined {
  return typeof source === 'string' ? source || undefined : source?.id;
}
