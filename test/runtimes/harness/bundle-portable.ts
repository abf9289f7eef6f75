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
 * worker: the `worker`/`browser` export conditions (and `workerd` for workerd). The worker bundle leaves nothing
 * external (core and `@affordance/mcp`'s root import no Node built-in); the CLI's leaves Node's built-ins to the
 * runtime, for `@affordance/mcp/node`'s listener on Node.
 */
export async function bundlePortable(): Promise<PortableBundle> {
  const dir = mkdtempSync(join(tmpdir(), 'affordance-runtimes-'));
  const bundle = (entry: string, source: string, more: { conditions: string[]; external: string[] }) =>
    build({
      entryPoints: { [entry]: portable(source) },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      mainFields: ['module', 'main'],
      conditions: ['@affordance/source', ...more.conditions, 'worker', 'browser'],
      external: more.external,
      logLevel: 'error',
    });
  await Promise.all([
    bundle('cli', 'cli-main.ts', { conditions: [], external: ['node:*', ...builtinModules] }),
    bundle('worker', 'worker-main.ts', { conditions: ['workerd'], external: [] }),
  ]);
  return {
    dir,
    cli: join(dir, 'cli.mjs'),
    worker: join(dir, 'worker.mjs'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
