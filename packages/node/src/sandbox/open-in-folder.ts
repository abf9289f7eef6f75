import { constants } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { openByDescriptor } from './open-by-descriptor.js';
import { openByPath } from './open-by-path.js';
import type { OpenInFolderOptions } from './open-in-folder-types.js';

/** How folders are walked: relative to descriptors (Linux /proc, race-free) or by path with checks (elsewhere). */
export type WalkMode = 'descriptor' | 'path';

/** Open a file for appending inside the sandbox folder without following a symbolic link anywhere on its path. */
export function openInFolder(
  options: OpenInFolderOptions & { readonly mode: WalkMode },
): Promise<FileHandle> {
  return options.mode === 'descriptor' ? openByDescriptor(options) : openByPath(options);
}

/**
 * `descriptor` when `/proc/self/fd/N` names the very folder descriptor N holds (Linux with /proc mounted), else
 * `path`. Checked on the real folder, not guessed from the platform's name.
 */
export async function detectWalkMode(folder: string): Promise<WalkMode> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
    const held = await handle.stat();
    const named = await stat(`/proc/self/fd/${handle.fd}/.`);
    return held.dev === named.dev && held.ino === named.ino ? 'descriptor' : 'path';
  } catch {
    return 'path';
  } finally {
    await handle?.close();
  }
}
