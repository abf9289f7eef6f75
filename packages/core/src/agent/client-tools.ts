import type { JsonSchema } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import { TOOL_FORMATTERS } from '../formats/formatters.js';
import type { ToolFormat } from '../formats/types.js';
import { createRegistry, type Registry } from '../registry/create-registry.js';
import type { ModelToolCall } from './model-types.js';

/** A tool the client runs itself (an AG-UI frontend tool): offered to the model, never run by the server. */
export interface ClientTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments (default: an object with any properties). */
  readonly parameters?: JsonSchema;
}

/** Client tools in a model's format, and the names the model will use mapped back to the client's names. */
export interface PreparedClientTools {
  /** Tool definitions in the model's format (none for the text protocol). */
  readonly tools: readonly unknown[];
  /** Provider-legal name → the client tool's own name. */
  readonly names: ReadonlyMap<string, string>;
  /** Client tools left out because a registry action has their name (the server runs that action instead). */
  readonly shadowed: readonly string[];
  /** For the text protocol: the client tools as actions (never run), which its prompt lists. */
  readonly registry?: Registry;
}

/** No client tools. */
export const NO_CLIENT_TOOLS: PreparedClientTools = { tools: [], names: new Map(), shadowed: [] };

/**
 * Turn client tools into one provider's tool definitions, or for `'text'` into actions the text protocol lists.
 * One named like a registry action is left out (listed in `shadowed`): a client mirroring the server's actions gets
 * them run by the server. A malformed tool or a duplicate is an `AffordanceError('invalid_option')` naming the tool.
 */
export function prepareClientTools(
  tools: readonly ClientTool[] | undefined,
  format: ToolFormat | 'text',
  registry: Registry,
): PreparedClientTools {
  if (!tools || tools.length === 0) return NO_CLIENT_TOOLS;
  const seen = new Set<string>();
  const shadowed: string[] = [];
  const own: ClientTool[] = [];
  for (const tool of tools) {
    if (typeof tool?.name !== 'string' || typeof tool.description !== 'string') {
      throw new AffordanceError('invalid_option', 'every client tool needs a string name and description');
    }
    if (seen.has(tool.name)) {
      throw new AffordanceError('invalid_option', `the client tool '${tool.name}' is given twice`);
    }
    seen.add(tool.name);
    if (registry.get(tool.name)) shadowed.push(tool.name);
    else own.push(tool);
  }
  if (own.length === 0) return { ...NO_CLIENT_TOOLS, shadowed };
  let holder: Registry;
  try {
    holder = createRegistry({
      actions: own.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input: tool.parameters ?? { type: 'object' },
        handler: () => undefined,
      })),
    });
  } catch (error) {
    throw new AffordanceError('invalid_option', `a client tool is not valid: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (format === 'text') {
    const names = new Map(holder.names().map((name) => [name, name]));
    return { tools: [], names, shadowed, registry: holder };
  }
  const set = holder.toolSet({ format: TOOL_FORMATTERS[format], strict: false });
  return { tools: set.tools, names: set.names, shadowed };
}

/** Split a step's calls into those the server runs and those handed to the client (renamed to the client's names). */
export function splitClientCalls(
  calls: readonly ModelToolCall[],
  client: PreparedClientTools,
): { readonly server: readonly ModelToolCall[]; readonly client: readonly ModelToolCall[] } {
  if (client.names.size === 0) return { server: calls, client: [] };
  const server: ModelToolCall[] = [];
  const handed: ModelToolCall[] = [];
  for (const call of calls) {
    const name = client.names.get(call.name);
    if (name === undefined) server.push(call);
    else handed.push({ ...call, name });
  }
  return { server, client: handed };
}
