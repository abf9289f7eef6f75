import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { checkRelativePath, type FileAppender } from '@affordance/core';

/** Options of `createFileAppender`. */
export interface FileAppenderOptions {
  /** The sandbox folder; every write stays inside it. */
  readonly folder: string;
  /** Create the folder when it is missing (default true). */
  readonly create?: boolean;
}

// Where the platform has it, O_NOFOLLOW makes opening a symbolic link fail instead of following it.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW;

/**
 * A `FileAppender` on node:fs confined to one folder. Refuses, before writing anything: `..`, absolute paths,
 * Windows drive letters, backslashes and NUL bytes (by the path's text); parent folders that are symbolic links
 * resolving outside the folder (by realpath); a target file that is a symbolic link, not a regular file, or has
 * other hard links. Missing parent folders are created inside the folder.
 */
export function createFileAppender(options: FileAppenderOptions): FileAppender & { readonly folder: string } {
  const folder = resolve(options.folder);
  let rootPromise: Promise<string> | undefined;
  const root = () => {
    rootPromise ??= (async () => {
      if (options.create !== false) await mkdir(folder, { recursive: true });
      return realpath(folder);
    })();
    // A failed attempt (folder missing, no permission) is retried on the next append.
    rootPromise.catch(() => {
      rootPromise = undefined;
    });
    return rootPromise;
  };
  return {
    folder,
    async append(relativePath, text, appendOptions = {}) {
      appendOptions.signal?.throwIfAborted();
      const refuse = (reason: string) =>
        new Error(`refused to write ${JSON.stringify(relativePath)}: ${reason}`);
      const checked = checkRelativePath(relativePath);
      if (!checked.ok) throw refuse(checked.reason);
      const base = await root();
      const segments = checked.path.split('/');
      const fileName = segments.pop()!;
      let current = base;
      for (const segment of segments) {
        const next = join(current, segment);
        const stats = await lstat(next).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (!stats) {
          await mkdir(next);
          current = next;
        } else if (stats.isSymbolicLink()) {
          const target = await realpath(next);
          if (!inside(base, target)) throw refuse(`${segment} is a symbolic link that leaves the folder`);
          current = target;
        } else if (stats.isDirectory()) {
          current = next;
        } else {
          throw refuse(`${segment} is not a folder`);
        }
      }
      const target = join(current, fileName);
      if (!inside(base, target)) throw refuse('it resolves outside the folder');
      const existing = await lstat(target).catch(() => undefined);
      if (existing?.isSymbolicLink()) throw refuse('the file is a symbolic link');
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(target, FLAGS, 0o644);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw refuse('the file is a symbolic link');
        if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw refuse('it names a folder, not a file');
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw refuse('it is not a regular file');
        // A second hard link could be a file outside the folder that was linked in.
        if (stats.nlink > 1) throw refuse('the file has other hard links');
        appendOptions.signal?.throwIfAborted();
        await handle.appendFile(text, 'utf8');
      } finally {
        await handle.close();
      }
    },
  };
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
