import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The line printed when the browser tests are skipped. */
export const MISSING_CHROMIUM =
  'console e2e skipped: install chromium (Debian: apt-get install chromium) or set AFFORDANCE_CHROMIUM';

/** The Chromium executable: `AFFORDANCE_CHROMIUM`, else the usual system paths; undefined when there is none. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.AFFORDANCE_CHROMIUM;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * The Chromium to drive, or undefined to skip (printing one line, once per run); with `AFFORDANCE_REQUIRE_ALL=1`
 * a missing browser is a failure instead.
 */
export function chromiumForTests(): string | undefined {
  const found = findChromium();
  if (found) return found;
  if (process.env.AFFORDANCE_REQUIRE_ALL === '1') {
    throw new Error(`${MISSING_CHROMIUM}; AFFORDANCE_REQUIRE_ALL=1 makes this a failure`);
  }
  try {
    writeFileSync(join(tmpdir(), `affordance-chromium-skip-${process.ppid}`), '', { flag: 'wx' });
    console.warn(MISSING_CHROMIUM);
  } catch {
    // Already said in this run.
  }
  return undefined;
}

/** Flags for a quiet headless Chromium in a container or CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
