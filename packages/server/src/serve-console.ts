import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import type { ServerEnv } from './server-env.js';

/**
 * Where the built console is looked for by default: the `console` folder of this package, beside `src` and `dist`
 * (the console's Vite build writes it there, and the published package ships it), so an installed server finds it.
 */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../console/', import.meta.url));

/** Paths the console never answers, so their own routes (and typed 404s) stay in charge. */
const RESERVED = ['/api/', '/api', '/agui', '/mcp'];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite names bundled files `assets/<name>-<hash>.<ext>`: their content never changes under that name. */
const HASHED = /^\/assets\/.+-[\w-]{8,}\.\w+$/;

/** Options of `mountConsole`. */
export interface ConsoleOptions {
  /** The folder of the built console (its `index.html` and `assets/`). */
  readonly dir: string;
  /** The page answered at `/` (and for unknown pages) while the folder holds no `index.html`. */
  readonly fallback: () => string;
}

/**
 * Serve the built web console: its files with their content type (hashed assets cached for a year, the page
 * revalidated), `index.html` for every other page path (SPA fallback), and `fallback()` while it is not built.
 * Paths that leave the folder are never read; `/api`, `/agui` and `/mcp` fall through to their routes.
 */
export function mountConsole(app: Hono<ServerEnv>, options: ConsoleOptions): void {
  const root = resolve(options.dir);
  app.get('*', async (context, next) => {
    const path = context.req.path;
    if (RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return next();
    const file = await readConsoleFile(root, path);
    if (file) return send(context, file.bytes, file.path, path);
    // A missing file with an extension is a real 404; anything else is a page of the single-page app.
    if (extname(path) !== '' && path !== '/') return next();
    const index = await readConsoleFile(root, '/index.html');
    if (!index) return context.html(options.fallback());
    return send(context, index.bytes, index.path, '/index.html');
  });
}

/** Read a file of the console folder for a URL path, or undefined when it is absent or outside the folder. */
export async function readConsoleFile(
  root: string,
  urlPath: string,
): Promise<{ readonly path: string; readonly bytes: Uint8Array } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const path = resolve(root, relative);
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return undefined;
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    return { path, bytes: await readFile(path) };
  } catch {
    return undefined;
  }
}

function send(context: Context<ServerEnv>, bytes: Uint8Array, path: string, urlPath: string): Response {
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const cache = HASHED.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return context.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': type,
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
  });
}
