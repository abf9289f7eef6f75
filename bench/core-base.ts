/**
 * `--base <ref>` for the core benchmark: the given commit's `packages/core/src` and the working tree's, each bundled
 * by esbuild the same way into a temporary folder outside the repository, imported side by side in one process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { CoreModule } from './core-fixtures.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The core package at `ref` (`base`) and as it is in the working tree (`current`), bundled alike. */
export async function loadCoreVersions(
  ref: string,
): Promise<{ base: CoreModule; current: CoreModule; commit: string; cleanup(): void }> {
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]).trim();
  const folder = mkdtempSync(join(tmpdir(), 'affordance-core-base-'));
  const archive = join(folder, 'base.tar');
  // The package file too: its `imports` map (`#json-validator`) is how the sources reach their validator.
  git(['archive', '--output', archive, commit, 'packages/core/src', 'packages/core/package.json']);
  const untar = spawnSync('tar', ['-xf', archive, '-C', folder]);
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  const base = await bundle(join(folder, 'packages/core/src/index.ts'), join(folder, 'base.mjs'));
  const current = await bundle(join(root, 'packages/core/src/index.ts'), join(folder, 'current.mjs'));
  return {
    base: (await import(pathToFileURL(base).href)) as CoreModule,
    current: (await import(pathToFileURL(current).href)) as CoreModule,
    commit,
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  };
}

// One self-contained ES module: dependencies come from the repository's node_modules and are bundled in.
async function bundle(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    nodePaths: [join(root, 'node_modules')],
    // The sources, not the built files, behind the package's `imports` map.
    conditions: ['@affordance/source'],
    // Bundled CommonJS dependencies may `require` Node's modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return outfile;
}

function git(args: readonly string[]): string {
  const result = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}
