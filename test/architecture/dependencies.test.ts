import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The dependency rules of .dependency-cruiser.cjs, run as `npm run lint:deps` runs them: on the repository (no
// violation), and on a small tree that breaks each rule once (every break found), so the check cannot pass by
// checking nothing.
const root = fileURLToPath(new URL('../..', import.meta.url));
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

async function cruise(cwd: string, paths: readonly string[]): Promise<Violation[]> {
  const { stdout } = await run(
    process.execPath,
    [depcruise, ...paths, '--config', config, '--output-type', 'json', '--no-progress'],
    { cwd, maxBuffer: 256 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const temporary: string[] = [];
afterAll(async () => {
  for (const folder of temporary) await rm(folder, { recursive: true, force: true });
});

async function tree(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'affordance-deps-'));
  temporary.push(folder);
  for (const [path, text] of Object.entries({ 'tsconfig.json': '{}', ...files })) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), text);
  }
  return folder;
}

describe('dependency rules', () => {
  it('hold for core, the packages, the console and the examples', { timeout: 180_000 }, async () => {
    const violations = await cruise(root, ['packages', 'apps/console/src', 'examples']);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it('find a cycle, an upward import, a Node module, a platform package and a deep import', {
    timeout: 60_000,
  }, async () => {
    const folder = await tree({
      'packages/core/src/registry/table.ts':
        "import { rank } from '../ranking/rank.js';\nexport const table = rank;\n",
      'packages/core/src/ranking/rank.ts':
        "import { table } from '../registry/table.js';\nexport const rank = () => table;\n",
      'packages/core/src/util/read.ts':
        "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      'packages/core/src/util/ui.ts': "import React from 'react';\nexport const ui = React;\n",
      // A test beside the code may import anything.
      'packages/core/src/util/read.test.ts':
        "import { rank } from '../ranking/rank.js';\nexport const x = rank;\n",
      'packages/server/src/deep.ts':
        "import { table } from '../../core/src/registry/table.js';\nexport const x = table;\n",
    });
    const violations = await cruise(folder, ['packages']);
    const found = violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual([
      'core-no-node-builtins: packages/core/src/util/read.ts → fs',
      'core-no-platform-packages: packages/core/src/util/ui.ts → react',
      // Not installed beside the tree: an unresolved import is an error of its own.
      'core-no-unresolved: packages/core/src/util/ui.ts → react',
      'core-through-entry-points: packages/server/src/deep.ts → packages/core/src/registry/table.ts',
      'layer-registry: packages/core/src/registry/table.ts → packages/core/src/ranking/rank.ts',
      'no-circular: packages/core/src/ranking/rank.ts → packages/core/src/registry/table.ts',
    ]);
  });
});
