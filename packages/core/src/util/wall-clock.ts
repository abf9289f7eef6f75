// The offset from the monotonic clock (`performance.now()`) to wall-clock time, re-read from `Date.now()` every
// 1,024 conversions so that a wall clock set or slewed by NTP is followed within a few calls, while a call pays
// one clock read instead of two (a clock read costs ~70 ns on virtual machines without a fast clock source).
// `performance` is read once: on Node it is a lazy getter on the global object, which every `performance.now()`
// would otherwise call again (the clock read itself is on `clock.now()`, its receiver checked by Node).
const clock = globalThis.performance;
let offset = readOffset() ?? Date.now() - clock.now();
let conversions = 0;

/** The monotonic clock, `performance.now()`, in milliseconds: what call durations are measured with. */
export function monotonicMs(): number {
  return clock.now();
}

/** Wall-clock milliseconds since the epoch for a `performance.now()` reading taken a moment ago. */
export function wallClockMs(reading: number): number {
  if (++conversions >= 1024) {
    const fresh = readOffset();
    // A reading interrupted by the scheduler is tried again on the next conversion.
    if (fresh !== undefined) {
      offset = fresh;
      conversions = 0;
    }
  }
  return offset + reading;
}

// The wall clock read between two monotonic readings; undefined when they lie far apart (the thread was
// descheduled in between, so the pairing is uncertain by that much).
function readOffset(): number | undefined {
  const before = clock.now();
  const wall = Date.now();
  const after = clock.now();
  return after - before < 0.25 ? wall - (before + after) / 2 : undefined;
}
