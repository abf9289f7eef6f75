import { TOOL_FORMATTERS } from './formatters.js';
import type { ToolFormatter } from './types.js';

/**
 * The formats a registry knows by name without being given any (package.json `imports` `#tool-formats`, default
 * condition: Node, Bun, Deno): all six. Browser and worker bundles know none unless given (`default-formats-browser.ts`).
 */
export const DEFAULT_FORMATTERS: readonly ToolFormatter[] = Object.values(TOOL_FORMATTERS);
