/** Shared timing helpers for the benchmarks: warm up, then time whole batches and report ns per operation. */

export interface Measurement {
  readonly name: string;
  readonly nsPerOp: number;
  readonly ops: number;
}

/** Time an async operation: `batch` calls per sample, median of `samples` samples, after a warm-up. */
export async function measureAsync(
  name: string,
  operation: () => Promise<unknown>,
  options: { batch?: number; samples?: number; warmup?: number } = {},
): Promise<Measurement> {
  const batch = options.batch ?? 2_000;
  const samples = options.samples ?? 15;
  for (let i = 0; i < (options.warmup ?? batch * 3); i++) await operation();
  const perOp: number[] = [];
  for (let s = 0; s < samples; s++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await operation();
    perOp.push(Number(process.hrtime.bigint() - started) / batch);
  }
  perOp.sort((a, b) => a - b);
  return { name, nsPerOp: perOp[Math.floor(perOp.length / 2)]!, ops: batch * samples };
}

/** Time a synchronous operation the same way. */
export function measureSync(
  name: string,
  operation: () => unknown,
  options: { batch?: number; samples?: number } = {},
): Measurement {
  const batch = options.batch ?? 100;
  const samples = options.samples ?? 9;
  for (let i = 0; i < batch; i++) operation();
  const perOp: number[] = [];
  for (let s = 0; s < samples; s++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) operation();
    perOp.push(Number(process.hrtime.bigint() - started) / batch);
  }
  perOp.sort((a, b) => a - b);
  return { name, nsPerOp: perOp[Math.floor(perOp.length / 2)]!, ops: batch * samples };
}

/** `1.23 µs`, `456 ns`, `7.8 ms`. */
export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** A markdown table of measurements with each one's ratio to `baseline`. */
export function table(
  title: string,
  rows: readonly Measurement[],
  baseline: Measurement,
  ratioLabel: string,
): string {
  const lines = [`### ${title}`, '', `| what | per call | × ${ratioLabel} |`, '|---|---:|---:|'];
  for (const row of rows)
    lines.push(`| ${row.name} | ${formatNs(row.nsPerOp)} | ${(row.nsPerOp / baseline.nsPerOp).toFixed(2)} |`);
  return lines.join('\n');
}
