import { execFileSync } from 'node:child_process';
import { link, mkdir, mkdtemp, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilePathError } from '@affordance/core/detect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectWalkMode, openInFolder, type WalkMode } from './open-in-folder.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'affordance-walk-')));
  root = join(base, 'sandbox');
  outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(join(outside, 'secret.md'), 'secret\n');
});
afterEach(() => rm(base, { recursive: true, force: true }));

function hasMkfifo(): boolean {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

it('walks by descriptor where /proc/self/fd names the folder a descriptor holds (Linux)', async () => {
  expect(await detectWalkMode(root)).toBe(process.platform === 'linux' ? 'descriptor' : 'path');
});

describe.each<WalkMode>(['descriptor', 'path'])('openInFolder by %s', (mode) => {
  const available = mode === 'path' || process.platform === 'linux';
  const append = async (relativePath: string, text: string, create = true) => {
    const folders = relativePath.split('/');
    const file = folders.pop()!;
    const handle = await openInFolder({ root, folders, file, create, mode, requested: relativePath });
    try {
      await handle.appendFile(text);
    } finally {
      await handle.close();
    }
  };
  const refusal = (relativePath: string) =>
    append(relativePath, 'pwned\n').then(
      () => undefined,
      (error: unknown) => error,
    );

  it.runIf(available)('creates missing sub-folders inside the folder and appends', async () => {
    await append('notes/2025/log.md', 'one\n');
    await append('notes/2025/log.md', 'two\n');
    expect(await readFile(join(root, 'notes/2025/log.md'), 'utf8')).toBe('one\ntwo\n');
  });

  it.runIf(available)('refuses a sub-folder that is a symbolic link, wherever it points', async () => {
    await mkdir(join(root, 'real'));
    await symlink(outside, join(root, 'escape'));
    await symlink(join(root, 'real'), join(root, 'inside'));
    for (const path of ['escape/secret.md', 'escape/new.md', 'inside/new.md']) {
      expect(await refusal(path), path).toMatchObject({ name: 'FilePathError', code: 'symbolic_link' });
    }
    expect(await readFile(join(outside, 'secret.md'), 'utf8')).toBe('secret\n');
  });

  it.runIf(available)(
    'refuses a file that is a symbolic link (also dangling) or has another hard link',
    async () => {
      await symlink(join(outside, 'secret.md'), join(root, 'link.md'));
      await symlink(join(base, 'missing.md'), join(root, 'dangling.md'));
      await link(join(outside, 'secret.md'), join(root, 'hard.md'));
      expect(await refusal('link.md')).toMatchObject({ code: 'symbolic_link' });
      expect(await refusal('dangling.md')).toMatchObject({ code: 'symbolic_link' });
      expect(await refusal('hard.md')).toMatchObject({ code: 'hard_link' });
      expect(await readFile(join(outside, 'secret.md'), 'utf8')).toBe('secret\n');
      await expect(readFile(join(base, 'missing.md'))).rejects.toThrow(/ENOENT/);
    },
  );

  it.runIf(available)(
    'refuses a file on the path, a folder as the file, and a FIFO without blocking',
    async () => {
      await writeFile(join(root, 'file.md'), '');
      await mkdir(join(root, 'folder.md'));
      expect(await refusal('file.md/child.md')).toMatchObject({ code: 'not_a_folder' });
      expect(await refusal('folder.md')).toMatchObject({ code: 'not_a_file' });
      if (hasMkfifo()) {
        execFileSync('mkfifo', [join(root, 'pipe.md')]);
        expect(await refusal('pipe.md')).toMatchObject({ code: 'not_a_file' });
      }
    },
  );

  it.runIf(available)(
    'refuses when the sandbox folder was replaced by a link after it was resolved',
    async () => {
      await append('a.md', 'one\n');
      await rename(root, join(base, 'moved'));
      await symlink(outside, root);
      const error = await refusal('secret.md');
      expect(error).toBeInstanceOf(FilePathError);
      expect(error).toMatchObject({ code: 'folder_missing' });
      expect((error as Error).message).not.toContain(base);
      expect(await readFile(join(outside, 'secret.md'), 'utf8')).toBe('secret\n');
    },
  );

  it.runIf(available)('creates a missing sandbox folder only when asked to', async () => {
    await rm(root, { recursive: true });
    expect(await append('a.md', 'x', false).catch((error: unknown) => error)).toMatchObject({
      code: 'folder_missing',
    });
    await append('a.md', 'x');
    expect(await readFile(join(root, 'a.md'), 'utf8')).toBe('x');
  });
});
