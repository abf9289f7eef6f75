import { AffordanceError } from '../errors/action-error.js';
import type { JsonSchema } from './types.js';

// Converted schemas whose regex flags are still to be written into their patterns: in browser and worker bundles
// the rewriter (pattern-without-flags.ts) loads on first use, which `jsonSchemaOf` starts. Each maps to the step
// that writes them once it is there (undefined when done; else the load, after which it is called again).
const waiting = new WeakMap<object, () => Promise<void> | undefined>();

/** Hold `schema` as not yet written until `written` answers undefined; `done` runs then (the warnings it adds). */
export function waitForPatterns(
  schema: JsonSchema,
  written: () => Promise<void> | undefined,
  done: () => void,
): void {
  const step = () => {
    const loading = written();
    if (loading) return loading;
    waiting.delete(schema);
    done();
    return undefined;
  };
  const loading = step();
  if (!loading) return;
  waiting.set(schema, step);
  loading.then(step, () => {}); // a failed load is tried again by the next `patternsWritten`
}

/** Undefined when every pattern of these schemas is written out, else a promise of that (loading what it needs). */
export function patternsWritten(schemas: Iterable<JsonSchema | undefined>): Promise<void> | undefined {
  const loads: Promise<void>[] = [];
  for (const schema of schemas) {
    const step = schema && waiting.get(schema);
    const loading = step ? step() : undefined;
    if (loading) loads.push(loading.then(() => patternsWritten([schema])));
  }
  return loads.length === 0 ? undefined : Promise.all(loads).then(() => {});
}

/** Throw `not_loaded` when a pattern of these schemas still waits for the rewriter (for the synchronous readers). */
export function assertPatternsWritten(schemas: Iterable<JsonSchema | undefined>, where: string): void {
  const loading = patternsWritten(schemas);
  if (!loading) return;
  loading.catch(() => {});
  throw notLoaded(where, 'the regex-flag rewriter of its patterns');
}

/** The error of a synchronous reader that came before what it needs had loaded (started when the action was defined). */
export function notLoaded(where: string, what: string): AffordanceError {
  return new AffordanceError(
    'not_loaded',
    `${where}: ${what} is still loading (browser and worker bundles load it on first use); call again once it has, or use registry.run or toolsAsync, which wait for it`,
  );
}
