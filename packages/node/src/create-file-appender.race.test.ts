import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileAppender } from '@affordance/core/detect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileAppender } from './create-file-appender.js';

// A second process that races the appender until killed. `swap`: keeps swapping `victim` for a symbolic link to
// `outside` and back, by renames. `create`: keeps moving aside whatever folder the appender made at `victim` and
// putting a symbolic link to `outside` in its place.
const SWAPPER = `
const fs = require('node:fs');
const [mode, victim, outside] = process.argv.slice(1);
const held = victim + '.held';
const link = victim + '.link';
fs.symlinkSync(outside, link);
process.send('ready');
const attempt = (step) => { try { step(); } catch {} };
let made = 0;
// A folder the appender made at victim while it was missing goes aside (it is inside the sandbox either way).
const moveAside = () => attempt(() => {
  if (!fs.lstatSync(victim).isSymbolicLink()) fs.renameSync(victim, victim + '.made-' + made++);
});
for (;;) {
  if (mode === 'swap') {
    attempt(() => fs.renameSync(victim, held));
    moveAside();
    attempt(() => fs.renameSync(link, victim));
    attempt(() => fs.renameSync(victim, link));
    moveAside();
    attempt(() => fs.renameSync(held, victim));
  } else {
    moveAside();
    attempt(() => fs.symlinkSync(outside, victim));
    attempt(() => fs.unlinkSync(victim));
  }
}
`;

let root: string;
let folder: string;
let outside: string;
let swapper: ChildProcess | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'affordance-race-'));
  folder = join(root, 'sandbox');
  outside = join(root, 'outside');
  await mkdir(join(folder, 'notes'), { recursive: true });
  await mkdir(join(outside, 'notes'), { recursive: true });
});
afterEach(async () => {
  if (swapper?.pid !== undefined && swapper.exitCode === null) {
    const exited = new Promise((resolve) => swapper!.once('exit', resolve));
    process.kill(swapper.pid, 'SIGKILL');
    await exited;
  }
  swapper = undefined;
  await rm(root, { recursive: true, force: true });
});

async function startSwapper(mode: 'swap' | 'create', victim: string, target = outside): Promise<void> {
  swapper = spawn(process.execPath, ['-e', SWAPPER, mode, victim, target], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    swapper!.once('message', () => resolve());
    swapper!.once('exit', (code) => reject(new Error(`the swapper exited early (${code})`)));
  });
}

/** Every file under `directory`, recursively, with its text. */
async function filesUnder(directory: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      found.set(path, await readFile(path, 'utf8'));
    }
  }
  return found;
}

function linesIn(files: Map<string, string>): number {
  return [...files.values()].reduce((sum, text) => sum + text.split('\n').length - 1, 0);
}

// The folder's real path is resolved on first use, which is the trusted moment: each test appends once before racing.
async function appendMany(appender: FileAppender, relativePath: string, total: number) {
  let written = 0;
  let refused = 0;
  const batch = 16;
  for (let start = 0; start < total; start += batch) {
    const outcomes = await Promise.allSettled(
      Array.from({ length: batch }, (_, index) => appender.append(relativePath, `write ${start + index}\n`)),
    );
    for (const outcome of outcomes) outcome.status === 'fulfilled' ? written++ : refused++;
  }
  return { written, refused };
}

describe('createFileAppender under a rename race (regression: 4,833 of 12,795 writes landed outside)', {
  timeout: 60_000,
}, () => {
  it('writes nothing outside while a sub-folder is swapped for a symbolic link', async () => {
    const appender = createFileAppender({ folder });
    await appender.append('notes/log.md', 'first\n');
    await startSwapper('swap', join(folder, 'notes'));
    const { written, refused } = await appendMany(appender, 'notes/log.md', 3200);
    expect(written + refused).toBe(3200);
    expect(linesIn(await filesUnder(outside)), 'writes that landed outside').toBe(0);
    expect(written).toBeGreaterThan(0);
  });

  it('writes nothing outside while the sandbox folder itself is swapped for a symbolic link', async () => {
    const appender = createFileAppender({ folder });
    await appender.append('notes/log.md', 'first\n');
    await startSwapper('swap', folder);
    const { written, refused } = await appendMany(appender, 'notes/log.md', 3200);
    expect(written + refused).toBe(3200);
    expect(linesIn(await filesUnder(outside)), 'writes that landed outside').toBe(0);
    expect(written).toBeGreaterThan(0);
  });

  it('writes nothing outside while a folder above the sandbox folder is swapped for a symbolic link', async () => {
    // outside/parent/sandbox/notes exists, so a walk that follows the link would find somewhere to write.
    const parent = join(root, 'parent');
    folder = join(parent, 'sandbox');
    await mkdir(join(folder, 'notes'), { recursive: true });
    await mkdir(join(outside, 'sandbox', 'notes'), { recursive: true });
    const appender = createFileAppender({ folder });
    await appender.append('notes/log.md', 'first\n');
    await startSwapper('swap', parent);
    const { written, refused } = await appendMany(appender, 'notes/log.md', 3200);
    expect(written + refused).toBe(3200);
    expect(linesIn(await filesUnder(outside)), 'writes that landed outside').toBe(0);
    expect(written).toBeGreaterThan(0);
  });

  it('writes nothing outside while the folders it creates are replaced by symbolic links', async () => {
    const appender = createFileAppender({ folder });
    await appender.append('first.md', 'first\n');
    await startSwapper('create', join(folder, 'made'));
    const { written, refused } = await appendMany(appender, 'made/log.md', 3200);
    expect(written + refused).toBe(3200);
    expect(linesIn(await filesUnder(outside)), 'writes that landed outside').toBe(0);
    expect(written).toBeGreaterThan(0);
  });
});
