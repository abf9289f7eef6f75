import type { AnyAction, JsonSchema } from '../action/types.js';
import type { RankDocument, RankParameter } from './ranker.js';

/** The ranking document of an action: its name, words, examples, tags and parameters. */
export function rankDocumentOf(action: AnyAction, id: string): RankDocument {
  return {
    id,
    name: action.name,
    scope: action.scope,
    ...(action.group !== undefined ? { group: action.group } : {}),
    title: action.title ?? '',
    description: action.description,
    examples: (action.examples ?? []).map((example) =>
      typeof example === 'string' ? example : example.utterance,
    ),
    tags: [...(action.tags ?? []), ...(action.capabilities ?? [])],
    category: action.category ?? '',
    parameters: parametersOf(action.inputJsonSchema),
  };
}

/** Top-level properties with their descriptions, titles and string enum values, whether required, and their kind. */
function parametersOf(schema: JsonSchema): RankParameter[] {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object') return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parameters: RankParameter[] = [];
  for (const [name, value] of Object.entries(properties as Record<string, JsonSchema | undefined>)) {
    const words: string[] = [];
    if (value && typeof value === 'object') {
      if (typeof value.title === 'string') words.push(value.title);
      if (typeof value.description === 'string') words.push(value.description);
      if (Array.isArray(value.enum))
        for (const item of value.enum) if (typeof item === 'string') words.push(item);
    }
    parameters.push({
      name,
      description: words.join(' '),
      required: required.has(name) && !(value && typeof value === 'object' && 'default' in value),
      value: valueKindOf(value),
    });
  }
  return parameters;
}

/** Numbers (`number`, `integer`, or an array of them), yes/no, or text (every other schema). */
function valueKindOf(schema: JsonSchema | undefined): RankParameter['value'] {
  if (!schema || typeof schema !== 'object') return 'text';
  const type = schema.type;
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    const items = (schema.items as JsonSchema).type;
    if (items === 'number' || items === 'integer') return 'number';
  }
  return 'text';
}
