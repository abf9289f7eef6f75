import type { AnyAction, JsonSchema } from '../action/types.js';
import type { RankDocument } from './types.js';

/** The ranking document of an action: its name, words, examples, tags and parameters. */
export function rankDocumentOf(action: AnyAction, id: string): RankDocument {
  const properties = (action.inputJsonSchema.properties ?? {}) as Record<string, JsonSchema>;
  const params: string[] = [];
  for (const [key, schema] of Object.entries(properties)) {
    params.push(key);
    if (schema && typeof schema.description === 'string') params.push(schema.description);
  }
  return {
    id,
    name: action.name,
    scope: action.scope,
    title: action.title ?? '',
    description: action.description,
    examples: (action.examples ?? []).map((example) => (typeof example === 'string' ? example : example.utterance)),
    tags: [...(action.tags ?? []), ...(action.capabilities ?? [])],
    category: action.category ?? '',
    params,
  };
}
