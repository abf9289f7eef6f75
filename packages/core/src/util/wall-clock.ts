// The offset from the monotonic clock (`performance.now()`) to wall-clock time, re-read from `Date.now()` every
// 1,024 conversions so that a wall clock set or slewed by NTP is followed within a few calls, while a call pays
// one clock read instead of two (a clock read costs ~70 ns on virtual machines without a fast clock source).
let offset = Date.now() - performance.now();
let conversions = 0;

/** Wall-clock milliseconds since the epoch for a `performance.now()` reading taken a moment ago. */
export function wallClockMs(monotonicMs: number): number {
  if (++conversions >= 1024) {
    conversions = 0;
    offset = Date.now() - performance.now();
  }
  return offset + monotonicMs;
}
