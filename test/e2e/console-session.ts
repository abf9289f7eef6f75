import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll } from 'vitest';
import { CHROMIUM_ARGS, chromiumForTests } from './find-chromium.js';
import { ensureConsoleBuilt, type RunningServer, startServer } from './start-server.js';

// Shared setup of the console end-to-end tests.

// The real server (tsx + PGlite) and a real browser on a loaded machine: generous timeouts, no timing assertions.
/** Timeout of a test or hook that starts a server or a browser. */
export const SLOW = 240_000;
/** Timeout of one wait for the page. */
export const WAIT = { timeout: 60_000 };
/** The Chromium to run, or undefined (the tests are then skipped). */
export const executablePath = chromiumForTests();

/** A server and a browser page of their own for one describe block, closed after it. */
export function ownConsole(prefix: string) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }, SLOW);
  return {
    folder,
    async open(options: { env?: Record<string, string>; args?: string[] } = {}) {
      await ensureConsoleBuilt();
      server = await startServer({ data: join(folder, 'data'), ...options });
      browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${server.url}/`);
      return { page, problems };
    },
  };
}
