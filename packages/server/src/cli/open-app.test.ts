// Opening a PGlite folder recovers what a stopped process left running there: the folder's lock proves no other
// process holds its idempotency keys, so their leases end at once instead of when they would have lapsed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '@affordance/store-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp } from './open-app.js';

const HOUR = 60 * 60 * 1000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-open-app-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('openApp on a PGlite folder', () => {
  it('frees the idempotency keys a stopped process held, naming the call it interrupted', async () => {
    const location = { data: folder, config: {}, configFolder: folder, env: {} };
    // A process that claimed a key on a long lease and stopped without finishing (its lock is gone with it).
    const before = await createPostgresStore({ dataDir: join(folder, 'db') });
    const held = await before.idempotency.begin({
      key: 'u:shape_updateColor:k1',
      fingerprint: 'f',
      ttlMs: HOUR,
      leaseMs: HOUR,
      callId: 'call_stopped',
    });
    expect(held.state).toBe('new');
    await before.close();

    const app = await openApp(location);
    try {
      const again = await app.store.idempotency.begin({
        key: 'u:shape_updateColor:k1',
        fingerprint: 'f',
        ttlMs: HOUR,
        leaseMs: HOUR,
      });
      expect(again).toMatchObject({ state: 'new', interrupted: { callId: 'call_stopped' } });
    } finally {
      await app.close();
    }
  }, 60_000);
});
