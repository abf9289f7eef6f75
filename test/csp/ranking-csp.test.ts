import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumForTests } from '../e2e/find-chromium.js';
import { rankingAnswers } from './ranking-calls.js';
import { bundleForBrowser, servePage } from './serve-page.js';

// The ranking entry point in Chromium, under a policy that refuses WebAssembly (`script-src 'self'`: the BM25F
// kernel and the vector scans fall back to JavaScript) and under one that allows it ('wasm-unsafe-eval'): both
// pages answer what Node answers, to the last bit.
const SLOW = 120_000;
const STRICT = "default-src 'self'; script-src 'self'";
const WITH_WASM = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const executablePath = chromiumForTests();

describe.skipIf(!executablePath)('ranking in Chromium, with and without WebAssembly', () => {
  let served: Awaited<ReturnType<typeof servePage>> | undefined;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    const script = await bundleForBrowser(new URL('./ranking-page-entry.ts', import.meta.url));
    served = await servePage(script, (folder) => (folder === '/wasm/' ? WITH_WASM : STRICT));
    url = served.url;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  const answersAt = async (path: string) => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url + path);
    await page.waitForFunction(
      () => 'affordanceRanking' in window || 'affordanceRankingError' in window,
      undefined,
      { timeout: 60_000 },
    );
    const found = await page.evaluate(() => {
      const state = window as unknown as { affordanceRanking?: unknown; affordanceRankingError?: string };
      return { result: state.affordanceRanking, error: state.affordanceRankingError };
    });
    await page.close();
    expect(errors).toEqual([]);
    expect(found.error).toBeUndefined();
    return found.result as { wasmRefused: boolean; answers: unknown };
  };

  it(
    'answers as Node does where WebAssembly is refused (the JavaScript fallbacks) and where it runs',
    async () => {
      const node = JSON.parse(JSON.stringify(rankingAnswers()));
      // Answers worth comparing: word vectors find something for every query (past 64 actions: the mean-vector
      // scan), the lexical ranker for all but "picture", a word no action says.
      for (const answer of node) expect(answer.wordsMatch.length).toBeGreaterThan(0);
      expect(
        node.filter((answer: { lexicalMatch: unknown[] }) => answer.lexicalMatch.length === 0).length,
      ).toBe(1);

      const strict = await answersAt('');
      expect(strict.wasmRefused).toBe(true);
      expect(strict.answers).toEqual(node);

      const allowed = await answersAt('wasm/');
      expect(allowed.wasmRefused).toBe(false);
      expect(allowed.answers).toEqual(node);
    },
    SLOW,
  );
});
