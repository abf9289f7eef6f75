import { DEFAULT_FORMATTERS } from '#tool-formats';
import { toolInputSchema } from '../action/tool-input-schema.js';
import { AffordanceError } from '../errors/action-error.js';
import type { ToolOf } from '../formats/formatters.js';
import { withSchemaWarnings } from '../formats/schema-warnings.js';
import {
  type FormattedTools,
  TOOL_FORMATS,
  type ToolFormat,
  type ToolFormatter,
  type ToolSource,
} from '../formats/types.js';
import { assertPatternsWritten } from '../schema/schema-loading.js';
import type { ActionTable } from './action-table.js';
import { type AvailabilitySource, listAvailable } from './available.js';
import type { ToolsQuery } from './registry-types.js';

/** `toolSet` of a registry: formatted tools of the available actions, cached per format while nothing changes. */
export interface ToolSets {
  toolSet<TFormat extends ToolFormat | ToolFormatter>(
    query: ToolsQuery<TFormat>,
  ): FormattedTools<ToolOf<TFormat>>;
  /** Forget the cached tool lists (the registry changed). */
  clear(): void;
}

/**
 * Build tool sets over a table; only unfiltered lists are cached, the filters depend on the call. A format named
 * by a string is one of `formats` or of this runtime's defaults (`#tool-formats`: all six, none in browser and
 * worker bundles); a formatter object is used as it is.
 */
export function createToolSets(
  table: ActionTable,
  source: AvailabilitySource,
  targetParam: string,
  formats: readonly ToolFormatter[] = [],
): ToolSets {
  const byName = new Map<string, ToolFormatter>();
  for (const formatter of [...DEFAULT_FORMATTERS, ...formats]) byName.set(formatter.name, formatter);
  const cache = new Map<ToolFormatter, Map<boolean | undefined, FormattedTools<unknown>>>();
  const toolSources = (query: ToolsQuery): ToolSource[] =>
    listAvailable(source, { ...query, include: 'available' }, 'top').map(({ name, action }) => {
      assertPatternsWritten([action.inputJsonSchema, action.outputJsonSchema], `tool ${name}`);
      return {
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
      };
    });
  const formatterOf = (format: ToolFormat | ToolFormatter): ToolFormatter => {
    if (typeof format !== 'string') return format;
    const found = byName.get(format);
    if (found) return found;
    // A built-in format's adapter is `<camelCase name>Format` on @affordance/core/formats (`ag-ui` → `agUiFormat`).
    const adapter = (TOOL_FORMATS as readonly string[]).includes(format)
      ? `${format.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Format`
      : 'its formatter';
    throw new AffordanceError(
      'invalid_option',
      `tool format "${format}" is not loaded here (browser and worker bundles carry only the formats they import): pass ${adapter} from @affordance/core/formats, as tools({ format: ${adapter} }) or createRegistry({ formats: [${adapter}] })`,
    );
  };
  return {
    toolSet<TFormat extends ToolFormat | ToolFormatter>(
      query: ToolsQuery<TFormat>,
    ): FormattedTools<ToolOf<TFormat>> {
      const { format, strict, ...filters } = query;
      const formatter = formatterOf(format);
      const cacheable = Object.keys(filters).length === 0;
      let cached = cache.get(formatter);
      if (cacheable) {
        const found = cached?.get(strict);
        if (found) return found as FormattedTools<ToolOf<TFormat>>;
      }
      const formatted = withSchemaWarnings(
        toolSources(query as ToolsQuery),
        formatter,
        strict === undefined ? {} : { strict },
      );
      if (cacheable) {
        if (!cached) {
          cached = new Map();
          cache.set(formatter, cached);
        }
        cached.set(strict, formatted);
      }
      // Names handed to a model must map back, whatever subset they were made legal in.
      table.noteLegalNames(formatted.names);
      return formatted as FormattedTools<ToolOf<TFormat>>;
    },
    clear: () => cache.clear(),
  };
}
