import type { Stats } from 'node:fs';
import { type FileHandle, lstat, mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileOpenRefusal } from './open-by-descriptor.js';
import {
  APPEND_FLAGS,
  checkOpenedFile,
  type OpenInFolderOptions,
  refusalOf,
} from './open-in-folder-types.js';

/**
 * Open `file` for appending where the platform cannot open relative to a folder descriptor (macOS, Windows, Linux
 * without /proc): every folder from `/` down is checked with `lstat` (a symbolic link is refused), the file is opened
 * with O_NOFOLLOW, then the file and every folder are checked again — same device and inode, still no link — before
 * the handle is returned. A swap still in place at either check is refused; one made after the first check and undone
 * before the second (two renames timed between our system calls) is not seen: see docs/security-handlers.md.
 */
export async function openByPath(options: OpenInFolderOptions): Promise<FileHandle> {
  const refuse = refusalOf(options);
  const chain = [...ancestorsOf(options.root), options.root];
  const rootIndex = chain.length - 1;
  for (const name of options.folders) chain.push(join(chain.at(-1)!, name));
  const shown = (index: number) => options.folders.slice(0, index - rootIndex).join('/');
  const walked: Stats[] = [];
  for (const [index, path] of chain.entries()) {
    let stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!stats && index >= rootIndex && (options.create || index > rootIndex)) {
      await mkdir(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      stats = await lstat(path);
    }
    if (index <= rootIndex && !stats?.isDirectory()) {
      throw refuse(
        'folder_missing',
        "the sandbox folder's own path changed since first use (a folder on it is missing or now a symbolic link)",
      );
    }
    if (stats?.isSymbolicLink())
      throw refuse('symbolic_link', `${shown(index)} is a symbolic link (links are never followed)`);
    if (!stats?.isDirectory()) throw refuse('not_a_folder', `${shown(index)} is not a folder`);
    walked.push(stats);
  }
  const target = join(chain.at(-1)!, options.file);
  let handle: FileHandle;
  try {
    handle = await open(target, APPEND_FLAGS, 0o644);
  } catch (error) {
    throw fileOpenRefusal(error as NodeJS.ErrnoException, options) ?? error;
  }
  await checkOpenedFile(handle, options);
  try {
    const opened = await handle.stat();
    const same = (a: Stats, b: Stats | undefined) => b !== undefined && a.dev === b.dev && a.ino === b.ino;
    let moved = !same(opened, await lstat(target).catch(() => undefined));
    for (let index = chain.length - 1; index >= 0 && !moved; index--) {
      const now = await lstat(chain[index]!).catch(() => undefined);
      moved = !now || now.isSymbolicLink() || !same(walked[index]!, now);
    }
    // Once more after the folders: a racer must now flip the link three times in step with us, not twice.
    moved ||= !same(opened, await lstat(target).catch(() => undefined));
    if (moved) throw refuse('symbolic_link', 'a folder on the path was swapped while the file was opened');
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function ancestorsOf(path: string): string[] {
  const ancestors: string[] = [];
  for (let parent = dirname(path); ; parent = dirname(parent)) {
    ancestors.unshift(parent);
    if (dirname(parent) === parent) return ancestors;
  }
}
