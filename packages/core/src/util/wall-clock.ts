// The offset from the monotonic clock (`performance.now()`) to wall-clock time, re-read from `Date.now()` every
// 1,024 conversions so that a wall clock set or slewed by NTP is followed within a few calls, while a call pays
// one clock read instead of two (a clock read costs ~70 ns on virtual machines without a fast clock source).
let offset = readOffset() ?? Date.now() - performance.now();
let conversions = 0;

/** Wall-clock milliseconds since the epoch for a `performance.now()` reading taken a moment ago. */
export function wallClockMs(monotonicMs: number): number {
  if (++conversions >= 1024) {
    const fresh = readOffset();
    // A reading interrupted by the scheduler is tried again on the next conversion.
    if (fresh !== undefined) {
      offset = fresh;
      conversions = 0;
    }
  }
  return offset + monotonicMs;
}

// The wall clock read between two monotonic readings; undefined when they lie far apart (the thread was
// descheduled in between, so the pairing is uncertain by that much).
function readOffset(): number | undefined {
  const before = performance.now();
  const wall = Date.now();
  const after = performance.now();
  return after - before < 0.25 ? wall - (before + after) / 2 : undefined;
}
