/**
 * CPU-time measurement for the core benchmark: every contender warms up, then the contenders take turns, one
 * batch each per round, and each reports its median. `process.cpuUsage` counts only this process's own CPU time,
 * so other jobs on the machine inflate it far less than wall-clock time. Before every batch a young-generation
 * collection clears what the previous batch left: otherwise the garbage of a heavy contender (zod's and
 * LangChain's error objects) is collected, and charged, during the next contender's batch (measured: it doubled
 * the cost of an invalid registry.run call). Not a full collection: that lets V8 drop the hidden classes of
 * short-lived objects and with them the optimised code that relied on them ("weak objects" deoptimisations), so
 * every batch would pay for re-optimising its code (measured: registry.run 5–10× slower). Taking turns puts every
 * contender under the same machine conditions, so a ratio taken within one round (`pairedRatio`) holds even when
 * the machine's speed drifts between rounds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Measurement } from './measure.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options: { type: 'minor' | 'major' }) => void;
const collectYoungGarbage = () => gc({ type: 'minor' });

/** One contender: a name, an operation (awaited when it returns a promise) and how many calls per batch. */
export interface Contender {
  readonly name: string;
  readonly operation: () => unknown;
  /** Calls per batch relative to the default batch (slow contenders use fewer). */
  readonly scale?: number;
}

/** A contender's median, with its CPU ns per call in each round (in round order). */
export interface CpuMeasurement extends Measurement {
  readonly rounds: readonly number[];
}

/** Median CPU ns per call of each contender over `rounds` turns, after a warm-up of at least 10,000 calls. */
export async function measureCpu(
  contenders: readonly Contender[],
  options: { readonly batch: number; readonly rounds: number },
): Promise<CpuMeasurement[]> {
  const calls = contenders.map((contender) =>
    Math.max(1, Math.round(options.batch * (contender.scale ?? 1))),
  );
  // Warm up by call count, not batches: process.cpuUsage also counts the optimising compiler's threads, which
  // must be done with the contender's code before its first measured batch (a short warm-up let that show).
  for (const [index, contender] of contenders.entries()) {
    const warmup = Math.max(2 * calls[index]!, Math.round(10_000 * (contender.scale ?? 1)));
    await runBatch(contender, warmup);
  }
  const samples = contenders.map((): number[] => []);
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, contender] of contenders.entries()) {
      collectYoungGarbage();
      const before = process.cpuUsage();
      await runBatch(contender, calls[index]!);
      const used = process.cpuUsage(before);
      samples[index]!.push(((used.user + used.system) * 1000) / calls[index]!);
    }
  }
  return contenders.map((contender, index) => ({
    name: contender.name,
    nsPerOp: median(samples[index]!),
    ops: samples[index]!.length * calls[index]!,
    rounds: samples[index]!,
  }));
}

/** The median over rounds of `of ÷ to`, each ratio taken from the same round. */
export function pairedRatio(of: CpuMeasurement, to: CpuMeasurement): number {
  return median(of.rounds.map((value, round) => value / to.rounds[round]!));
}

async function runBatch(contender: Contender, calls: number): Promise<void> {
  for (let call = 0; call < calls; call++) {
    const pending = contender.operation();
    if (pending instanceof Promise) await pending;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
