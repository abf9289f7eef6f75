import { toolInputSchema } from '../action/tool-input-schema.js';
import { formatTools, type ToolOf } from '../formats/format-tools.js';
import type { FormattedTools, ToolFormat, ToolSource } from '../formats/types.js';
import type { ActionTable } from './action-table.js';
import { type AvailabilitySource, listAvailable } from './available.js';
import type { ToolsQuery } from './registry-types.js';

/** `toolSet` of a registry: formatted tools of the available actions, cached per format while nothing changes. */
export interface ToolSets {
  toolSet<TFormat extends ToolFormat>(query: ToolsQuery<TFormat>): FormattedTools<ToolOf<TFormat>>;
  /** Forget the cached tool lists (the registry changed). */
  clear(): void;
}

/** Build tool sets over a table; only unfiltered lists are cached, the filters depend on the call. */
export function createToolSets(
  table: ActionTable,
  source: AvailabilitySource,
  targetParam: string,
): ToolSets {
  const cache = new Map<string, FormattedTools<unknown>>();
  const toolSources = (query: ToolsQuery): ToolSource[] =>
    listAvailable(source, { ...query, include: 'available' }, 'top').map(({ name, action }) => ({
      name,
      title: action.title,
      description: action.description,
      inputSchema: toolInputSchema(action, targetParam),
      outputSchema: action.outputJsonSchema,
      hints: {
        readOnly: action.readOnly,
        destructive: action.destructive,
        idempotent: action.idempotent,
        openWorld: action.openWorld,
      },
      action,
    }));
  return {
    toolSet<TFormat extends ToolFormat>(query: ToolsQuery<TFormat>): FormattedTools<ToolOf<TFormat>> {
      const { format, strict, ...filters } = query;
      const cacheable = Object.keys(filters).length === 0;
      const key = `${format}:${strict ?? ''}`;
      if (cacheable) {
        const cached = cache.get(key);
        if (cached) return cached as FormattedTools<ToolOf<TFormat>>;
      }
      const formatted = formatTools(toolSources(query), format, strict === undefined ? {} : { strict });
      if (cacheable) cache.set(key, formatted);
      // Names handed to a model must map back, whatever subset they were made legal in.
      table.noteLegalNames(formatted.names);
      return formatted;
    },
    clear: () => cache.clear(),
  };
}
