import { type FlaglessPattern, patternWithoutFlags } from './pattern-without-flags.js';

/**
 * The regex-flag rewriter for Node, Bun and Deno (package.json `imports` `#pattern-flags`, default condition):
 * bundled, so every pattern is written out as its schema is converted.
 */
export function flaglessPattern(source: string, flags: string): FlaglessPattern | undefined {
  return patternWithoutFlags(source, flags);
}

/** Nothing to load here. */
export function loadPatternRewriter(): Promise<void> | undefined {
  return undefined;
}
