import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { StoreError } from './store-error.js';

/** Who holds a PGlite folder: written as JSON into `<folder>.lock`. */
export interface FolderLockHolder {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
  /** A token unique to this lock, so a process only ever removes its own. */
  readonly token: string;
  /** The URL of the server the holder runs, when it serves one (`affordance serve` notes it). */
  readonly url?: string;
}

/** A held lock on one PGlite folder. */
export interface FolderLock {
  readonly path: string;
  /** Record the URL of the server this process runs, so a second process can be pointed at it. */
  note(details: { readonly url: string }): void;
  /** Remove the lock file if it is still this lock's (also done when the process exits). */
  release(): void;
}

const held = new Map<string, FolderLockHolder>();
let exitHook = false;

/**
 * Take `<folder>.lock` for this process, so one PGlite folder has one writer. PGlite itself writes a
 * `postmaster.pid` with a fixed fake pid (-42) and never checks it, so it cannot tell. A lock whose process no
 * longer runs on this host (killed, crashed) is stale and taken over; a live one fails with a `StoreError`
 * (`locked`) naming its pid, host, start and served URL.
 */
export function lockFolder(folder: string): FolderLock {
  const path = `${folder}.lock`;
  const holder: FolderLockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    token: globalThis.crypto.randomUUID(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(path, holder)) return hold(path, holder);
    const current = readHolder(path);
    if (current === 'missing') continue;
    if (current !== 'unreadable' && alive(current)) throw inUse(folder, current);
    takeOver(path, current);
  }
  throw new StoreError('locked', `could not take the lock ${path}: it kept changing; try again`);
}

function hold(path: string, holder: FolderLockHolder): FolderLock {
  held.set(path, holder);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const [lockPath, lockHolder] of held) removeIfOurs(lockPath, lockHolder);
    });
  }
  let current = holder;
  return {
    path,
    note({ url }) {
      if (held.get(path) !== current) return;
      current = { ...current, url };
      held.set(path, current);
      writeFileSync(path, `${JSON.stringify(current)}\n`);
    },
    release() {
      if (held.get(path) !== current) return;
      held.delete(path);
      removeIfOurs(path, current);
    },
  };
}

function tryCreate(path: string, holder: FolderLockHolder): boolean {
  try {
    writeFileSync(path, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readHolder(path: string): FolderLockHolder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<FolderLockHolder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string') return value as FolderLockHolder;
  } catch {}
  return 'unreadable';
}

// Alive unless it is on this host and its pid is gone, or it is this process's pid and not a lock it holds.
function alive(holder: FolderLockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return [...held.values()].some((mine) => mine.token === holder.token);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Move the stale file aside (rename is atomic, so of two processes taking over only one moves it); if what was
// moved turns out to be a fresh lock another process just made, put it back.
function takeOver(path: string, stale: FolderLockHolder | 'unreadable'): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const same =
    stale === 'unreadable'
      ? moved === 'unreadable'
      : moved !== 'missing' && moved !== 'unreadable' && moved.token === stale.token;
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {}
  }
  unlinkSync(aside);
}

function removeIfOurs(path: string, holder: FolderLockHolder): void {
  const current = readHolder(path);
  if (current !== 'missing' && current !== 'unreadable' && current.token === holder.token) {
    try {
      unlinkSync(path);
    } catch {}
  }
}

function inUse(folder: string, holder: FolderLockHolder): StoreError {
  const where =
    holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
  const serving = holder.url ? `, serving ${holder.url}` : '';
  return new StoreError(
    'locked',
    `the PGlite folder ${folder} is in use by ${where} (since ${holder.startedAt}${serving}); only one process may ` +
      'open a PGlite folder at a time, or the two would overwrite each other. Stop that process, or act through ' +
      `its server${holder.url ? ` at ${holder.url}` : ''}`,
  );
}
