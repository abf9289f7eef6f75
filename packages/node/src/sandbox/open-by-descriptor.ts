import { constants } from 'node:fs';
import { type FileHandle, lstat, mkdir, open } from 'node:fs/promises';
import {
  APPEND_FLAGS,
  checkOpenedFile,
  type OpenInFolderOptions,
  refusalOf,
} from './open-in-folder-types.js';

const DIRECTORY_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** The path that names `name` inside the folder `handle` holds: Linux resolves it from the descriptor, not by path. */
function at(handle: FileHandle, name: string): string {
  return `/proc/self/fd/${handle.fd}/${name}`;
}

/**
 * Open `file` for appending by walking from `/` one name at a time, each opened relative to the descriptor of the
 * folder before it (through `/proc/self/fd/N/name`, Linux's `openat`) with O_NOFOLLOW: no symbolic link is followed
 * at any component, and renaming or swapping a folder mid-walk cannot move the walk elsewhere. Missing folders from
 * the sandbox folder down are created the same way.
 */
export async function openByDescriptor(options: OpenInFolderOptions): Promise<FileHandle> {
  const refuse = refusalOf(options);
  const ancestors = options.root.split('/').filter((name) => name !== '');
  let current = await open('/', constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
  try {
    // A folder above the sandbox that we may pass through but not read is looked up together with the next name.
    let pending = '';
    for (const [index, name] of ancestors.entries()) {
      const isRoot = index === ancestors.length - 1;
      const next = await openFolder(current, `${pending}${name}`, isRoot && options.create).catch(
        async (error: NodeJS.ErrnoException) => {
          if (error.code === 'EACCES' && !isRoot) return undefined;
          if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'ELOOP')
            throw refuse(
              'folder_missing',
              "the sandbox folder's own path changed since first use (a folder on it is missing or now a symbolic link)",
            );
          throw error;
        },
      );
      if (!next) {
        pending += `${name}/`;
        continue;
      }
      pending = '';
      await current.close();
      current = next;
    }
    for (const [index, name] of options.folders.entries()) {
      const shown = options.folders.slice(0, index + 1).join('/');
      const next = await openFolder(current, name, true).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOTDIR' || error.code === 'ELOOP') {
          const stats = await lstat(at(current, name)).catch(() => undefined);
          if (stats?.isSymbolicLink())
            throw refuse('symbolic_link', `${shown} is a symbolic link (links are never followed)`);
          throw refuse('not_a_folder', `${shown} is not a folder`);
        }
        throw error;
      });
      await current.close();
      current = next;
    }
    let handle: FileHandle;
    try {
      handle = await open(at(current, options.file), APPEND_FLAGS, 0o644);
    } catch (error) {
      throw fileOpenRefusal(error as NodeJS.ErrnoException, options) ?? error;
    }
    return await checkOpenedFile(handle, options);
  } finally {
    await current.close();
  }
}

async function openFolder(parent: FileHandle, name: string, create: boolean): Promise<FileHandle> {
  try {
    return await open(at(parent, name), DIRECTORY_FLAGS);
  } catch (error) {
    if (!create || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // mkdir never follows a link at its last name; a link raced in after it is refused by the open below.
    await mkdir(at(parent, name)).catch((made: NodeJS.ErrnoException) => {
      if (made.code !== 'EEXIST') throw made;
    });
    return await open(at(parent, name), DIRECTORY_FLAGS);
  }
}

/** The refusal an `open` error of the file itself stands for, if it is one. */
export function fileOpenRefusal(error: NodeJS.ErrnoException, options: OpenInFolderOptions) {
  const refuse = refusalOf(options);
  if (error.code === 'ELOOP') return refuse('symbolic_link', 'the file is a symbolic link');
  if (error.code === 'EISDIR') return refuse('not_a_file', 'it names a folder, not a file');
  // O_NONBLOCK turns a FIFO without a reader into ENXIO instead of a write that never returns.
  if (error.code === 'ENXIO') return refuse('not_a_file', 'it is not a regular file');
  return undefined;
}
