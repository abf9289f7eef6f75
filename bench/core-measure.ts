/**
 * CPU-time measurement for the core benchmark: each contender warms up, then runs `rounds` measured batches, and
 * reports the median. `process.cpuUsage` counts only this process's own CPU time, so other jobs on the
 * machine inflate it far less than wall-clock time. Contenders run one after the other rather than interleaved: the
 * garbage of a heavy contender (zod's and LangChain's error objects) would otherwise be collected, and charged,
 * during the next contender's batch (measured: it doubled the cost of an invalid registry.run call).
 */
import type { Measurement } from './measure.js';

/** One contender: a name, an operation (awaited when it returns a promise) and how many calls per batch. */
export interface Contender {
  readonly name: string;
  readonly operation: () => unknown;
  /** Calls per batch relative to the default batch (slow contenders use fewer). */
  readonly scale?: number;
}

/** Median CPU ns per call of each contender over `rounds` batches, after a warm-up of at least 10,000 calls. */
export async function measureCpu(
  contenders: readonly Contender[],
  options: { readonly batch: number; readonly rounds: number },
): Promise<Measurement[]> {
  const measured: Measurement[] = [];
  for (const contender of contenders) {
    const calls = Math.max(1, Math.round(options.batch * (contender.scale ?? 1)));
    // Warm up by call count, not batches: process.cpuUsage also counts the optimising compiler's threads, which
    // must be done with the contender's code before its first measured batch (a short warm-up let that show).
    const warmup = Math.max(2 * calls, Math.round(10_000 * (contender.scale ?? 1)));
    for (let call = 0; call < warmup; call++) {
      const pending = contender.operation();
      if (pending instanceof Promise) await pending;
    }
    const samples: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const before = process.cpuUsage();
      for (let call = 0; call < calls; call++) {
        const pending = contender.operation();
        if (pending instanceof Promise) await pending;
      }
      const used = process.cpuUsage(before);
      samples.push(((used.user + used.system) * 1000) / calls);
    }
    samples.sort((a, b) => a - b);
    measured.push({
      name: contender.name,
      nsPerOp: samples[Math.floor(samples.length / 2)]!,
      ops: samples.length * calls,
    });
  }
  return measured;
}
