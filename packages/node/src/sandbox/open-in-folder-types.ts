import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { FilePathError, type FilePathErrorCode } from '@affordance/core/detect';

/** What to open: `file` in the sub-folders `folders` of the sandbox folder `root` (its real, absolute path). */
export interface OpenInFolderOptions {
  /** The sandbox folder's real path (no symbolic link on it when it was resolved). */
  readonly root: string;
  /** Sub-folder names from the sandbox folder down to the file's folder (checked by `checkRelativePath`). */
  readonly folders: readonly string[];
  readonly file: string;
  /** Create the sandbox folder when it is missing (missing sub-folders are always created). */
  readonly create: boolean;
  /** The path as asked, for error messages. */
  readonly requested: string;
}

/** Append, create, never follow a link at the last name, and never block on a FIFO. */
export const APPEND_FLAGS =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

/** A function that builds the `FilePathError` for the requested path. */
export function refusalOf(options: OpenInFolderOptions) {
  return (code: FilePathErrorCode, reason: string) => new FilePathError(code, options.requested, reason);
}

/**
 * Keep an opened file only if it is a regular file with no other hard link (a second link could be a file outside
 * the folder, linked in); otherwise close it and throw. Returns the handle.
 */
export async function checkOpenedFile(handle: FileHandle, options: OpenInFolderOptions): Promise<FileHandle> {
  const refuse = refusalOf(options);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw refuse('not_a_file', 'it is not a regular file');
    if (stats.nlink > 1) throw refuse('hard_link', 'the file has other hard links');
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
