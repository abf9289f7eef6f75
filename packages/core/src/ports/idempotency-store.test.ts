import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from './idempotency-store.js';

describe('createMemoryIdempotencyStore', () => {
  it('sweeps keys that expired and were never used again', async () => {
    let time = 0;
    const store = createMemoryIdempotencyStore(() => time);
    for (let key = 0; key < 1_024; key++)
      await store.begin({ key: `old-${key}`, fingerprint: 'f', ttlMs: 1_000 });
    expect(store.size).toBe(1_024);
    time = 5_000; // every old key has expired
    for (let key = 0; key < 10; key++)
      await store.begin({ key: `new-${key}`, fingerprint: 'f', ttlMs: 1_000 });
    expect(store.size).toBe(10);
    expect(await store.begin({ key: 'new-3', fingerprint: 'f', ttlMs: 1_000 })).toEqual({ state: 'running' });
  });

  it('keeps keys that have not expired, however many', async () => {
    const store = createMemoryIdempotencyStore(() => 0);
    for (let key = 0; key < 3_000; key++)
      await store.begin({ key: `k${key}`, fingerprint: 'f', ttlMs: 1_000 });
    expect(store.size).toBe(3_000);
    expect(await store.begin({ key: 'k0', fingerprint: 'g', ttlMs: 1_000 })).toEqual({ state: 'conflict' });
  });
});
