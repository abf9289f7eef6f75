import { cloneJson } from '../util/resolve-local-ref.js';
import { MCP_NAMES, toolNameTables } from './tool-names.js';
import type { FormatOptions, FormattedTools, ToolSource, ToolWarning } from './types.js';

/** MCP tool annotations: a display title and the behaviour hints. */
export interface MCPToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** An MCP tool as `tools/list` returns it (`Tool` in `@modelcontextprotocol/sdk`). */
export interface MCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  outputSchema?: { type: 'object'; [key: string]: unknown };
  annotations?: MCPToolAnnotations;
}

/**
 * Tools for MCP `tools/list`: the input schema exactly as defined (`$schema`, `$defs`, `additionalProperties`
 * kept; `type: "object"` added only when absent), the output schema when it describes an object (MCP requires
 * that; otherwise it is left out with a warning), and annotations for the title and the behaviour hints that are set.
 */
export function toMCPTools(
  sources: readonly ToolSource[],
  _options: FormatOptions = {},
): FormattedTools<MCPTool> {
  const { legalOf, names } = toolNameTables(sources, MCP_NAMES);
  const warnings: ToolWarning[] = [];
  const tools = sources.map((source): MCPTool => {
    const tool: MCPTool = {
      name: legalOf.get(source.name)!,
      ...(source.title ? { title: source.title } : {}),
      description: source.description,
      inputSchema: { ...cloneJson(source.inputSchema), type: 'object' },
    };
    const output = source.outputSchema;
    if (output && output.type === 'object') tool.outputSchema = { ...cloneJson(output), type: 'object' };
    else if (output) {
      warnings.push({
        tool: source.name,
        message: `outputSchema left out: MCP needs an object schema (type "object"), this one is ${describeType(output.type)}`,
      });
    }
    const annotations = annotationsOf(source);
    if (annotations) tool.annotations = annotations;
    return tool;
  });
  return { tools, warnings, names };
}

function annotationsOf(source: ToolSource): MCPToolAnnotations | undefined {
  const annotations: MCPToolAnnotations = {};
  if (source.title) annotations.title = source.title;
  const { readOnly, destructive, idempotent, openWorld } = source.hints;
  if (readOnly !== undefined) annotations.readOnlyHint = readOnly;
  if (destructive !== undefined) annotations.destructiveHint = destructive;
  if (idempotent !== undefined) annotations.idempotentHint = idempotent;
  if (openWorld !== undefined) annotations.openWorldHint = openWorld;
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

function describeType(type: unknown): string {
  return type === undefined ? 'untyped' : `of type ${JSON.stringify(type)}`;
}
