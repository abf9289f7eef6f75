import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findRuntime,
  overrideVariable,
  RUNTIMES,
  type RuntimeName,
} from '../../../scripts/runtimes/runtimes.mjs';

/** The line printed when a runtime's tests are skipped. */
export function missingRuntime(name: RuntimeName): string {
  return `${RUNTIMES[name].label} tests skipped: run \`node scripts/runtimes/install.mjs\` (or set ${overrideVariable(name)})`;
}

/**
 * The binary of a runtime, or undefined to skip its tests (printing one line, once per run); with
 * `AFFORDANCE_REQUIRE_ALL=1` a missing runtime is a failure instead.
 */
export function runtimeForTests(name: RuntimeName): string | undefined {
  const found = findRuntime(name);
  if (found) return found;
  if (process.env.AFFORDANCE_REQUIRE_ALL === '1') {
    throw new Error(`${missingRuntime(name)}; AFFORDANCE_REQUIRE_ALL=1 makes this a failure`);
  }
  try {
    writeFileSync(join(tmpdir(), `affordance-runtime-skip-${name}-${process.ppid}`), '', { flag: 'wx' });
    console.warn(missingRuntime(name));
  } catch {
    // Already said in this run.
  }
  return undefined;
}
