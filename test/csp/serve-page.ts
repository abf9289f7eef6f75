import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** A page's script: `entry` bundled for the browser as an ES module, from the workspace's sources. */
export async function bundleForBrowser(entry: URL): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@affordance/source'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * A page and its bundled script served on 127.0.0.1 under a Content-Security-Policy: `<folder>/` is the page,
 * `<folder>/bundle.js` the script, both with `policyOf(folder)`; anything else is 404.
 */
export async function servePage(
  script: string,
  policyOf: (folder: string) => string,
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const headers = { 'content-security-policy': policyOf(folder), 'cache-control': 'no-store' };
    if (path === `${folder}bundle.js`) {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(script);
    } else if (path === folder) {
      const page = '<!doctype html><title>csp</title><script type="module" src="bundle.js"></script>';
      response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(page);
    } else response.writeHead(404, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
