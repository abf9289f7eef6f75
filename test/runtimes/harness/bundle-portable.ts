import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const portable = (file: string) => fileURLToPath(new URL(`../portable/${file}`, import.meta.url));

/** The bundled entries: `cli.mjs` for Node, Bun and Deno, `worker.mjs` for workerd, in `dir`. */
export interface PortableBundle {
  readonly dir: string;
  readonly cli: string;
  readonly worker: string;
  remove(): void;
}

/**
 * Bundle the portable entries (esbuild, ESM, no platform) from the TypeScript sources, as a user bundles for a
 * worker: the `worker`/`browser` export conditions, Node's built-ins left out (only Node's own `listen` imports
 * them, dynamically).
 */
export async function bundlePortable(): Promise<PortableBundle> {
  const dir = mkdtempSync(join(tmpdir(), 'affordance-runtimes-'));
  await build({
    entryPoints: { cli: portable('cli-main.ts'), worker: portable('worker-main.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['@affordance/source', 'worker', 'browser'],
    external: ['node:*', ...builtinModules],
    logLevel: 'error',
  });
  return {
    dir,
    cli: join(dir, 'cli.mjs'),
    worker: join(dir, 'worker.mjs'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
