import type { ToolFormatter } from './types.js';

/**
 * The formats a registry knows by name without being given any in browser and worker bundles (package.json
 * `imports` `#tool-formats`, `browser`/`worker`/`workerd` conditions): none, so a page that only runs actions
 * carries no adapter. `createRegistry({ formats: [openaiFormat] })` or `registry.tools({ format: openaiFormat })`
 * (from `@affordance/core/formats`) brings the ones it uses.
 */
export const DEFAULT_FORMATTERS: readonly ToolFormatter[] = [];
