import { FORMAT_CHECKS, type FormatChecks } from './string-formats.js';

/**
 * The format checks for Node, Bun and Deno (package.json `imports` `#format-checks`, default condition): bundled
 * with the CSP-safe validator, so they are always there and every check answers synchronously.
 */
export function formatChecks(): FormatChecks | undefined {
  return FORMAT_CHECKS;
}

/** Nothing to load here. */
export function loadFormatChecks(): Promise<void> | undefined {
  return undefined;
}

/** Nothing to load here. */
export function preloadFormatChecks(_schema: unknown): void {}
