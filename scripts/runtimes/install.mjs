#!/usr/bin/env node
// Install the runtimes of the runtime matrix (Node 20/22/24, Bun, Deno, workerd) from the npm registry into a
// cache folder outside the working tree: `AFFORDANCE_RUNTIMES_DIR`, else ~/.cache/affordance-runtimes.
// Idempotent: when the folder already holds the pinned versions it only checks them. Prints what it did, how long
// it took and how much the folder holds. Usage: node scripts/runtimes/install.mjs [--force]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cacheDependencies,
  installedBinary,
  overrideVariable,
  platformKey,
  RUNTIMES,
  runtimesDir,
  workerdDate,
} from './runtimes.mjs';

const started = Date.now();
const dir = runtimesDir();
const dependencies = cacheDependencies();
const names = Object.keys(dependencies);
if (names.length === 0) {
  console.error(
    `runtimes: no packaged runtimes for ${platformKey()}; point ${Object.keys(RUNTIMES).map(overrideVariable).join(', ')} at binaries of your own`,
  );
  process.exit(1);
}

const stampPath = join(dir, 'installed.json');
const wanted = JSON.stringify(dependencies);
const current = existsSync(stampPath) ? readFileSync(stampPath, 'utf8') : '';
const complete = names.every((name) => existsSync(installedBinary(name)));
if (current === wanted && complete && !process.argv.includes('--force')) {
  console.log(`runtimes: up to date in ${dir}`);
} else {
  mkdirSync(dir, { recursive: true });
  rmSync(stampPath, { force: true });
  const manifest = { name: 'affordance-runtimes', private: true, description: 'cache', dependencies };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`runtimes: installing ${names.join(', ')} into ${dir}`);
  // The binaries are in the packages themselves: no install script needs to run.
  const npm = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'],
    { cwd: dir, stdio: 'inherit' },
  );
  if (npm.status !== 0) {
    console.error(`runtimes: npm install failed in ${dir}`);
    process.exit(1);
  }
  writeFileSync(stampPath, wanted);
}

// Each binary answers with its pinned version, or the install is not what the matrix expects.
let broken = 0;
for (const name of names) {
  const binary = installedBinary(name);
  const reported = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const text = `${reported.stdout ?? ''}${reported.stderr ?? ''}`.trim().split('\n')[0] ?? '';
  const ok = reported.status === 0 && text.includes(versionShown(name));
  if (!ok) broken++;
  console.log(
    `  ${ok ? 'ok ' : 'BAD'} ${RUNTIMES[name].label.padEnd(22)} ${text || reported.error?.message}`,
  );
}
const megabytes = (folderBytes(join(dir, 'node_modules')) / 1024 / 1024).toFixed(0);
console.log(`runtimes: ${((Date.now() - started) / 1000).toFixed(1)} s, ${megabytes} MB in ${dir}`);
process.exit(broken === 0 ? 0 : 1);

/** The text `--version` prints for a runtime: workerd names the date of its build, not the npm version. */
function versionShown(name) {
  return name === 'workerd' ? workerdDate() : RUNTIMES[name].version;
}

function folderBytes(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}
