import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeStoreContract } from '@affordance/core/testing';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../packages/store-postgres/src/index.js';

const folder = mkdtempSync(join(tmpdir(), 'affordance-pglite-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const api = { describe, it, expect, beforeEach, afterAll };

describeStoreContract(
  'PGlite store, sync audit',
  () => createPostgresStore({ dataDir: join(folder, 'sync') }),
  api,
);
describeStoreContract(
  'PGlite store, batched audit',
  () =>
    createPostgresStore({
      dataDir: 'memory://',
      audit: { mode: 'batched', batchSize: 4, flushIntervalMs: 5 },
    }),
  api,
);
