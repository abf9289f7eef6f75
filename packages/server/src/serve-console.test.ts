import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvasRegistry } from '@affordance/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from './create-server.js';
import { DEFAULT_CONSOLE_DIR, readConsoleFile } from './serve-console.js';

const folder = mkdtempSync(join(tmpdir(), 'affordance-console-'));
const dist = join(folder, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
writeFileSync(join(dist, 'assets', 'index-AbCd1234.css'), 'body{}');
writeFileSync(join(folder, 'secret.txt'), 'do not serve');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const app = (consoleDir: string | false) =>
  createServer({ registry: createCanvasRegistry().registry, mcp: false, consoleDir }).app;

describe('serving the built console', () => {
  it('serves index.html at / and as the fallback of page paths, revalidated', async () => {
    for (const path of ['/', '/audit', '/blocks/shape-1']) {
      const response = await app(dist).request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with their content type, cached for a year', async () => {
    const script = await app(dist).request('/assets/index-AbCd1234.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('console.log(1)');
    const style = await app(dist).request('/assets/index-AbCd1234.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers a missing file with the typed 404 and leaves /api, /agui and /mcp to their routes', async () => {
    const missing = await app(dist).request('/assets/nothing-12345678.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await app(dist).request('/api/health')).headers.get('content-type')).toMatch(/json/);
    expect((await app(dist).request('/api/nothing')).status).toBe(404);
  });

  it('never reads outside the folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
    ]) {
      const response = await app(dist).request(path);
      expect(await response.text()).not.toContain('do not serve');
    }
    expect(await readConsoleFile(dist, '/..%2fsecret.txt')).toBeUndefined();
    expect(await readConsoleFile(dist, '/%E0%A4%A')).toBeUndefined();
    expect(await readConsoleFile(dist, '/assets')).toBeUndefined();
    expect(await readConsoleFile(dist, '/index.html')).toBeDefined();
  });

  it('serves the home page while the console is not built, or when turned off', async () => {
    for (const consoleDir of [join(folder, 'not-built'), false as const]) {
      const response = await app(consoleDir).request('/');
      expect(await response.text()).toContain('console is not built yet');
    }
  });

  it('looks for the console inside its own package by default, so the published package serves it', async () => {
    // Regression: the default was apps/console/dist of a checkout, which no installed package has.
    const packageFolder = fileURLToPath(new URL('../', import.meta.url));
    expect(DEFAULT_CONSOLE_DIR).toBe(join(packageFolder, 'console/'));
    const manifest = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as {
      files: string[];
    };
    expect(manifest.files).toContain('console');
  });
});
