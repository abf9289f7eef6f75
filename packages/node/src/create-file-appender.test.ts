import { link, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilePathError } from '@affordance/core/detect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileAppender } from './create-file-appender.js';

let root: string;
let folder: string;
let outside: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'affordance-file-'));
  folder = join(root, 'sandbox');
  outside = join(root, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'secret\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('createFileAppender', () => {
  it('creates the folder and parent folders, and appends', async () => {
    const appender = createFileAppender({ folder });
    await appender.append('notes/2025/log.md', 'one\n');
    await appender.append('./notes//2025/log.md', 'two\n');
    expect(await readFile(join(folder, 'notes/2025/log.md'), 'utf8')).toBe('one\ntwo\n');
  });

  it('refuses paths that escape by their text', async () => {
    const appender = createFileAppender({ folder });
    const attempts: Array<[string, RegExp]> = [
      ['../outside/secret.txt', /climbs out/],
      ['notes/../../outside/secret.txt', /climbs out/],
      [join(outside, 'secret.txt'), /absolute/],
      ['C:\\Windows\\win.ini', /drive letter/],
      ['c:secret.txt', /drive letter/],
      ['..\\outside\\secret.txt', /backslash/],
      ['log.md\0.txt', /NUL/],
      ['', /empty/],
      ['notes/', /folder/],
      ['\uFF0E\uFF0E/outside/secret.txt', /looks like/],
      ['..\u2215outside\u2215secret.txt', /looks like/],
      [`${'a/'.repeat(600)}x.md`, /longer than 1024/],
      [`${'x'.repeat(300)}.md`, /255 bytes/],
    ];
    for (const [path, reason] of attempts) {
      const error = await appender.append(path, 'x').catch((caught: unknown) => caught);
      expect(error, path).toBeInstanceOf(FilePathError);
      expect((error as Error).message, path).toMatch(reason);
    }
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  });

  it('refuses a parent folder that is a symbolic link, even one that stays inside (links are never followed)', async () => {
    const appender = createFileAppender({ folder });
    await mkdir(join(folder, 'real'), { recursive: true });
    await symlink(outside, join(folder, 'escape'));
    await symlink(join(folder, 'real'), join(folder, 'inside'));
    await expect(appender.append('escape/secret.txt', 'pwned')).rejects.toThrow(/escape is a symbolic link/);
    await expect(appender.append('escape/new.txt', 'pwned')).rejects.toThrow(/symbolic link/);
    await expect(appender.append('inside/ok.md', 'fine\n')).rejects.toMatchObject({
      name: 'FilePathError',
      code: 'symbolic_link',
    });
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  });

  it('refuses a file that is a symbolic link or a hard link to a file elsewhere', async () => {
    const appender = createFileAppender({ folder });
    await mkdir(folder, { recursive: true });
    await symlink(join(outside, 'secret.txt'), join(folder, 'link.md'));
    await expect(appender.append('link.md', 'pwned')).rejects.toThrow(/symbolic link/);
    await symlink(join(root, 'missing.txt'), join(folder, 'dangling.md'));
    await expect(appender.append('dangling.md', 'pwned')).rejects.toThrow(/symbolic link/);
    await link(join(outside, 'secret.txt'), join(folder, 'hard.md'));
    await expect(appender.append('hard.md', 'pwned')).rejects.toThrow(/hard links/);
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  });

  it('refuses a sandbox root reached through a path whose files are not folders', async () => {
    const appender = createFileAppender({ folder });
    await appender.append('file.md', 'x');
    await expect(appender.append('file.md/child.md', 'x')).rejects.toThrow(/not a folder/);
    await mkdir(join(folder, 'dir.md'));
    await expect(appender.append('dir.md', 'x')).rejects.toThrow(/names a folder|not a regular file/);
  });

  it('does not write after the signal is aborted', async () => {
    const appender = createFileAppender({ folder });
    const controller = new AbortController();
    controller.abort();
    await expect(appender.append('a.md', 'x', { signal: controller.signal })).rejects.toThrow();
    await expect(readFile(join(folder, 'a.md'), 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
