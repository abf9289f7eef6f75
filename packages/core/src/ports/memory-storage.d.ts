// rate-limiter-flexible ships no types for its in-memory counter store; this is the part the memory limiter uses.
declare module 'rate-limiter-flexible/lib/component/MemoryStorage/MemoryStorage.js' {
  /** Fixed-window counters per key; a window opens on the first point and expires `durationSec` later. */
  export default class MemoryStorage {
    incrby(
      key: string,
      value: number,
      durationSec: number,
    ): { readonly consumedPoints: number; readonly msBeforeNext: number };
    /** The key's window as it is (`msBeforeNext` ≤ 0 once it ended), or null when it has none. */
    get(key: string): { readonly consumedPoints: number; readonly msBeforeNext: number } | null;
  }
}
