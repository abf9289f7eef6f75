import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStore } from './create-postgres-store.js';
import { lockFolder } from './folder-lock.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'affordance-lock-'));
  folders.push(made);
  return join(made, 'db');
};

/** A pid that no process has any more: a child that already exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);
}

describe('lockFolder', () => {
  it('refuses a second lock on a held folder, and gives it once the first is released', () => {
    const db = folder();
    const first = lockFolder(db);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    expect(() => lockFolder(db)).toThrowError(/in use by process \d+ .*only one process may open/);
    first.note({ url: 'http://127.0.0.1:4999/' });
    expect(() => lockFolder(db)).toThrowError(/serving http:\/\/127\.0\.0\.1:4999\//);
    first.release();
    expect(existsSync(`${db}.lock`)).toBe(false);
    lockFolder(db).release();
  });

  it('takes over the stale lock of a process that no longer runs, and an unreadable one', () => {
    const db = folder();
    const pid = deadPid();
    writeFileSync(`${db}.lock`, JSON.stringify({ pid, host: hostname(), startedAt: 'then', token: 'old' }));
    const lock = lockFolder(db);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    writeFileSync(`${db}.lock`, '{"pid": 12');
    lockFolder(db).release();
  });

  it("refuses a lock held on another host (its process cannot be checked) and never removes another's lock", () => {
    const db = folder();
    const theirs = JSON.stringify({ pid: 1, host: 'elsewhere.example', startedAt: 'now', token: 'theirs' });
    writeFileSync(`${db}.lock`, theirs);
    expect(() => lockFolder(db)).toThrowError(/process 1 on elsewhere\.example/);
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe(theirs);
  });

  it('keeps a second store off an open PGlite folder until the first closes', async () => {
    const db = folder();
    const store = await createPostgresStore({ dataDir: db });
    await expect(createPostgresStore({ dataDir: db })).rejects.toMatchObject({ code: 'locked' });
    await store.close();
    const again = await createPostgresStore({ dataDir: db });
    await again.close();
  }, 60_000);
});
