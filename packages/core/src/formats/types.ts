import type { AnyAction, JsonSchema } from '../action/types.js';

/** The tool formats a registry can produce. */
export type ToolFormat = 'openai' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp' | 'ag-ui';

/** Every tool format, in a stable order. */
export const TOOL_FORMATS: readonly ToolFormat[] = [
  'openai',
  'openai-responses',
  'anthropic',
  'gemini',
  'mcp',
  'ag-ui',
];

/** What a format adapter needs to know about one action (format-independent). */
export interface ToolSource {
  /** Qualified name (`shape_updateColor`); adapters make it legal for their provider. */
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string;
  /** Input schema as the model sees it: target id parameter included for scoped actions. */
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema | undefined;
  readonly hints: {
    readonly readOnly?: boolean;
    readonly destructive?: boolean;
    readonly idempotent?: boolean;
    readonly openWorld?: boolean;
  };
  readonly action: AnyAction;
}

/** Something an adapter changed or dropped to fit its provider, said once per tool and reason. */
export interface ToolWarning {
  readonly tool: string;
  readonly message: string;
}

/** What every adapter returns: the tools, what it had to change, and legal name → qualified name. */
export interface FormattedTools<TTool> {
  readonly tools: TTool[];
  readonly warnings: ToolWarning[];
  readonly names: ReadonlyMap<string, string>;
}

/**
 * A tool format as a value: its name and the adapter writing tool sources in it. The six built-in ones are on
 * `@affordance/core/formats` (`openaiFormat` …, all in `TOOL_FORMATTERS`); `registry.tools({ format })` takes one
 * or the name of one the registry knows.
 */
export interface ToolFormatter<TTool = unknown> {
  readonly name: string;
  format(sources: readonly ToolSource[], options: FormatOptions): FormattedTools<TTool>;
}

/** Options common to all adapters. */
export interface FormatOptions {
  /** OpenAI: use strict mode where the schema allows it (default true). */
  readonly strict?: boolean;
}
