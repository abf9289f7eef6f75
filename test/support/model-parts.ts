// What provider tests read from a model call: its stream parts, its finished answer, the error it threw.
import type { ModelStreamPart } from '@affordance/core/agent';

/** Every part of a model stream, in order. */
export async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

/** The finished answer of a stream: its last part. */
export function finishOf(parts: readonly ModelStreamPart[]) {
  const last = parts.at(-1);
  if (last?.type !== 'response-finish') throw new Error(`last part is ${last?.type}`);
  return last.response;
}

/** What a model call threw, when it is the provider's error (`isError`, e.g. `GeminiError.isInstance`). */
export async function failureOf<E>(
  run: () => Promise<unknown>,
  isError: (error: unknown) => error is E,
): Promise<E> {
  try {
    await run();
  } catch (error) {
    if (isError(error)) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}
