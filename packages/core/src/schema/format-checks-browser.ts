import { loadOnce } from '../util/load-on-call.js';
import { eachSubschema } from './schema-walk.js';
import type { FormatChecks } from './string-formats.js';

// The format checks for browsers and workers (package.json `imports` `#format-checks`, `browser`/`worker`/`workerd`
// conditions): `string-formats.ts` is a chunk of its own, loaded by `import()` when a schema first uses `format`
// (most do not), so a page pays for its regexes only then. `defineAction` starts the load (`preloadFormatChecks`);
// `compileValidator` waits for it before its first check.

let loaded: FormatChecks | undefined;
const load = loadOnce(() =>
  import('./string-formats.js').then((module) => {
    loaded = module.FORMAT_CHECKS;
  }),
);

/** The format checks, or undefined while they are not loaded. */
export function formatChecks(): FormatChecks | undefined {
  return loaded;
}

/** Load the format checks: undefined when they are there, else the load (tried again after a failure). */
export function loadFormatChecks(): Promise<void> | undefined {
  return loaded ? undefined : load();
}

/** Start loading the format checks when `schema` uses `format` somewhere (a failed load is tried again on use). */
export function preloadFormatChecks(schema: unknown): void {
  if (loaded || !usesFormat(schema)) return;
  load().catch(() => {});
}

function usesFormat(schema: unknown): boolean {
  let found = false;
  eachSubschema(schema, (node) => {
    found ||= typeof node.format === 'string';
  });
  return found;
}
