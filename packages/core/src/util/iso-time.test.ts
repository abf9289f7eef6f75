import fc from 'fast-check';
import { expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

it('formats like Date#toISOString for any millisecond', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }),
    { numRuns: 2000 },
  );
});
