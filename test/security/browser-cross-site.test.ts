import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumForTests } from '../e2e/find-chromium.js';
import { ensureConsoleBuilt, type RunningServer, startServer } from '../e2e/start-server.js';
import { attackPage, serveHtml } from './attack-page.js';
import { rawRequest } from './raw-request.js';

// The real CLI server and a real browser on a loaded machine: generous timeouts, no timing assertions.
const SLOW = 240_000;
const WAIT = { timeout: 60_000 };
const executablePath = chromiumForTests();

/** The request log lines (`LOG_LEVEL=info`) of one path: what the server answered each request. */
function answered(logs: string, path: string): number[] {
  return logs
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { path: string; status: number })
    .filter((entry) => entry.path === path)
    .map((entry) => entry.status);
}

describe.skipIf(!executablePath)('a page of another site in headless Chromium', () => {
  const folder = mkdtempSync(join(tmpdir(), 'affordance-security-browser-'));
  let server: RunningServer;
  let attacker: Awaited<ReturnType<typeof serveHtml>>;
  let browser: Browser;
  let port: string;
  let approvalId: string;
  const local = () => ({ host: `127.0.0.1:${port}` });
  const state = async () => {
    const targets = (await rawRequest(`${server.url}/api/targets`, { headers: local() })).json() as {
      targets: Array<{ id: string }>;
    };
    const audit = (
      await rawRequest(`${server.url}/api/audit?action=shape_updateColor`, { headers: local() })
    ).json() as { records: unknown[] };
    const pending = (
      await rawRequest(`${server.url}/api/approvals?status=pending`, { headers: local() })
    ).json() as { approvals: Array<{ id: string }> };
    return {
      shape: targets.targets.find((target) => target.id === 'shape-1'),
      updates: audit.records.length,
      pending: pending.approvals.map((approval) => approval.id),
    };
  };

  beforeAll(async () => {
    await ensureConsoleBuilt();
    server = await startServer({
      data: join(folder, 'data'),
      env: { LOG_LEVEL: 'info' },
      args: ['--allowed-host', 'console.example.test'],
    });
    port = new URL(server.url).port;
    const paused = await rawRequest(`${server.url}/api/actions/shape_remove/run`, {
      method: 'POST',
      headers: { ...local(), 'content-type': 'application/json' },
      body: JSON.stringify({ args: { blockId: 'shape-3' } }),
    });
    approvalId = (paused.json() as { error: { details: { approvalId: string } } }).error.details.approvalId;
    attacker = await serveHtml(() => attackPage(server.url, approvalId));
    browser = await chromium.launch({
      executablePath,
      args: [
        ...CHROMIUM_ARGS,
        '--host-resolver-rules=MAP attacker.example.test 127.0.0.1, MAP console.example.test 127.0.0.1, MAP rebind.example.test 127.0.0.1',
      ],
    });
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await attacker?.close();
    const code = await server?.stop();
    rmSync(folder, { recursive: true, force: true });
    expect(code).toBe(0);
  }, SLOW);

  it(
    'changes nothing with no-cors fetches, a CORS fetch and form posts (JSON-shaped text/plain included)',
    async () => {
      const before = await state();
      expect(before.pending).toContain(approvalId);
      const page = await browser.newPage();
      await page.goto(`http://attacker.example.test:${attacker.port}/`);
      await page.waitForFunction(() => 'attackResults' in window, undefined, WAIT);
      const results = await page.evaluate(
        () => (window as unknown as { attackResults: unknown }).attackResults,
      );
      // The no-cors answers are opaque and the CORS fetches fail: the page learns nothing.
      expect(results).toEqual({
        noCorsRun: 'opaque',
        noCorsTextRun: 'opaque',
        noCorsDecide: 'opaque',
        corsRun: 'error: TypeError',
        corsAudit: 'error: TypeError',
        jsonForm: 'loaded',
        urlencodedForm: 'loaded',
        multipartForm: 'loaded',
      });
      expect(await state()).toEqual(before);
      // The requests did reach the server, and it refused each one (the CORS run never got past its preflight).
      await expect
        .poll(() => answered(server.logs(), '/api/actions/shape_updateColor/run').length, WAIT)
        .toBe(5);
      const runs = answered(server.logs(), '/api/actions/shape_updateColor/run');
      expect(runs.every((status) => status === 403 || status === 415)).toBe(true);
      const decisions = answered(server.logs(), `/api/approvals/${approvalId}`);
      expect(decisions).toEqual([403, 403]);
      await page.close();
    },
    SLOW,
  );

  it(
    'refuses a DNS-rebinding page: same-origin requests under a foreign name get 403',
    async () => {
      const page = await browser.newPage();
      const response = await page.goto(`http://rebind.example.test:${port}/`);
      expect(response?.status()).toBe(403);
      const status = await page.evaluate(async () => (await fetch('/api/audit')).status);
      expect(status).toBe(403);
      await page.close();
    },
    SLOW,
  );

  it(
    'keeps the console working on 127.0.0.1 and on the configured public name',
    async () => {
      for (const origin of [server.url, `http://console.example.test:${port}`]) {
        const page = await browser.newPage();
        await page.goto(`${origin}/`);
        await page.locator('[data-block-id="shape-1"]').waitFor(WAIT);
        await page.locator('.stream-open').waitFor(WAIT);
        const result = await page.evaluate(async () => {
          const response = await fetch('/api/actions/shape_updateColor/run', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ args: { blockId: 'shape-1', color: '#22aa22' } }),
          });
          return { status: response.status, ok: ((await response.json()) as { ok: boolean }).ok };
        });
        expect({ origin, ...result }).toEqual({ origin, status: 200, ok: true });
        await page.close();
      }
    },
    SLOW,
  );
});
