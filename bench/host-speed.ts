// A fixed piece of work whose time shows how fast the host runs right now. On a shared machine the same code takes
// 1.5× longer in some processes than in others (docs/benchmarks/ranking.md); a benchmark prints this beside its
// figures, before and after, so that runs can be compared by it.

/**
 * Milliseconds (wall clock) of a fixed loop of arithmetic over 512 KiB: on the shared 2-core machine 55–90 as a plain
 * script, 50–280 under tsx beside the rankers (docs/benchmarks/ranking.md, "How fast the host is" and speed pass 11).
 */
export function hostReference(): number {
  const values = new Float64Array(1 << 16);
  let sum = 0;
  const started = performance.now();
  for (let round = 0; round < 400; round++)
    for (let at = 0; at < values.length; at++) {
      values[at] = values[at]! * 0.5 + at;
      sum += values[at]!;
    }
  const took = performance.now() - started;
  // Read so that the loop is not dropped.
  return Number.isFinite(sum) ? took : Number.NaN;
}
