import { loadOnce } from '../util/load-on-call.js';
import type { FlaglessPattern } from './pattern-without-flags.js';

// The regex-flag rewriter for browsers and workers (package.json `imports` `#pattern-flags`, `browser`/`worker`/
// `workerd` conditions): `pattern-without-flags.ts` is a chunk of its own, loaded by `import()` when a zod or arktype
// pattern first carries a flag that changes what it matches (`i`, `m`, `s`, `y`, `v`; most patterns carry none).

let rewrite: ((source: string, flags: string) => FlaglessPattern) | undefined;
const load = loadOnce(() =>
  import('./pattern-without-flags.js').then((module) => {
    rewrite = module.patternWithoutFlags;
  }),
);

/** The flagless pattern, or undefined while the rewriter it needs is not loaded. */
export function flaglessPattern(source: string, flags: string): FlaglessPattern | undefined {
  // `g`, `d` and `u` change nothing a match test sees: the pattern stays as it is (what the rewriter answers too).
  if (!/[imsyv]/.test(flags)) return { pattern: source, lost: [] };
  return rewrite?.(source, flags);
}

/** Load the rewriter: undefined when it is there, else the load (tried again after a failure). */
export function loadPatternRewriter(): Promise<void> | undefined {
  return rewrite ? undefined : load();
}
