import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumForTests } from '../e2e/find-chromium.js';
import { bundleForBrowser, servePage } from './serve-page.js';
import { streamCalls } from './stream-calls.js';
import { runCalls } from './validation-calls.js';

// A page under `script-src 'self'` (no 'unsafe-eval') runs core's browser bundle: validation must pick the
// CSP-safe validator and refuse calls exactly as ajv does in Node, and streaming must work.
const SLOW = 120_000;
const CSP = "default-src 'self'; script-src 'self'";
const executablePath = chromiumForTests();

describe.skipIf(!executablePath)('core in Chromium under a strict Content-Security-Policy', () => {
  let served: Awaited<ReturnType<typeof servePage>> | undefined;
  let browser: Browser;
  let script: string;
  let url: string;

  beforeAll(async () => {
    script = await bundleForBrowser(new URL('./page-entry.ts', import.meta.url));
    served = await servePage(script, () => CSP);
    url = served.url;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it(
    'validates with the CSP-safe validator, as ajv does in Node, and streams calls',
    async () => {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(url);
      await page.waitForFunction(() => 'affordanceResult' in window, undefined, { timeout: 60_000 });
      const { result, errors, violations } = await page.evaluate(() => {
        const state = window as unknown as Record<string, unknown>;
        return {
          result: state.affordanceResult,
          errors: state.affordanceErrors,
          violations: state.affordanceViolations as Array<{ blockedURI: string; line: number }>,
        };
      });
      await page.close();

      expect(pageErrors).toEqual([]);
      expect(errors).toEqual([]);
      const node = JSON.parse(JSON.stringify({ outcomes: await runCalls(), ...(await streamCalls()) }));
      expect(result).toEqual({ evalRefused: true, validator: 'csp-safe', ...node });
      expect((result as { outcomes: Array<{ ok: boolean }> }).outcomes.map((outcome) => outcome.ok)).toEqual([
        true,
        false,
        false,
        false,
      ]);

      // Attempts to build code are reported by the browser; the allowed ones are caught probes: the page's own
      // proof above, and the streaming parser's probe for compiled copiers (object-shape.ts), which then falls
      // back to plain loops for good. Validation never tries to generate code in a browser bundle.
      const lines = script.split('\n');
      const sources = violations.map((violation) => ({
        blockedURI: violation.blockedURI,
        source: lines[violation.line - 1]?.trim(),
      }));
      expect(sources).toEqual([
        { blockedURI: 'eval', source: 'new Function("return 1")();' },
        { blockedURI: 'eval', source: 'return new Function(...parameters, body);' },
      ]);
    },
    SLOW,
  );
});
