import { mkdir, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkRelativePath, type FileAppender, FilePathError } from '@affordance/core/detect';
import { detectWalkMode, openInFolder, type WalkMode } from './sandbox/open-in-folder.js';

/** Options of `createFileAppender`. */
export interface FileAppenderOptions {
  /** The sandbox folder; every write stays inside it. */
  readonly folder: string;
  /** Create the folder when it is missing (default true); missing sub-folders are always created. */
  readonly create?: boolean;
}

/**
 * A `FileAppender` on node:fs confined to one folder. The folder's real path is resolved on first use; from then on
 * every write opens each folder from `/` down and the file itself without following a symbolic link at any name, so
 * swapping a folder for a link, even mid-write, cannot send a write elsewhere (on Linux, by opening each name relative
 * to the previous folder's descriptor; elsewhere by path with a check before and after, see docs/security-handlers.md).
 * Refuses with `FilePathError`: paths `checkRelativePath` refuses, links, non-folders on the path, a file that is not
 * a regular file or has other hard links. Missing sub-folders are created the same way.
 */
export function createFileAppender(options: FileAppenderOptions): FileAppender & { readonly folder: string } {
  const folder = resolve(options.folder);
  const create = options.create !== false;
  let setup: Promise<{ root: string; mode: WalkMode }> | undefined;
  const ready = () => {
    setup ??= (async () => {
      if (create) await mkdir(folder, { recursive: true });
      const root = await realpath(folder);
      return { root, mode: await detectWalkMode(root) };
    })();
    // A failed attempt (folder missing, no permission) is retried on the next append.
    setup.catch(() => {
      setup = undefined;
    });
    return setup;
  };
  return {
    folder,
    async append(relativePath, text, appendOptions = {}) {
      appendOptions.signal?.throwIfAborted();
      const checked = checkRelativePath(relativePath);
      if (!checked.ok) throw new FilePathError(checked.code, String(relativePath), checked.reason);
      const { root, mode } = await ready();
      const folders = checked.path.split('/');
      const file = folders.pop()!;
      const handle = await openInFolder({ root, folders, file, create, mode, requested: relativePath });
      try {
        appendOptions.signal?.throwIfAborted();
        await handle.appendFile(text, 'utf8');
      } finally {
        await handle.close();
      }
    },
  };
}
