import { describe, expect, it } from 'vitest';
import { wallClockMs } from './wall-clock.js';

describe('wallClockMs', () => {
  it('turns a monotonic reading into wall-clock time, also across its periodic re-sync', () => {
    for (let round = 0; round < 3_000; round++) {
      const before = Date.now();
      const converted = wallClockMs(performance.now());
      const after = Date.now();
      // Date.now() is whole milliseconds; the monotonic clock is finer.
      expect(converted).toBeGreaterThanOrEqual(before - 1);
      expect(converted).toBeLessThanOrEqual(after + 1);
    }
  });
});
