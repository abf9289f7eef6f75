import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { random } from './streaming-payloads.js';

// Timing of the streaming bench: CPU time, batches in turns, projections for re-parsers.

/** `--quick`: a smaller budget per cell. */
export const quick = process.argv.includes('--quick');

/** One contender's work: consume every delta, asking for the value after each. */
export type Run = (deltas: readonly string[]) => unknown;

// A full collection before each cell, so one contender's garbage is not billed to the next.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** CPU time of this process in ms: on a shared machine, time spent waiting for a core is not counted. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU ms per run, over `repeat` runs in a row (tiny runs are batched to rise above the clock's grain). */
export async function once(run: Run, deltas: readonly string[], repeat = 1): Promise<number> {
  const started = cpuMs();
  for (let i = 0; i < repeat; i++) await run(deltas);
  return (cpuMs() - started) / repeat;
}

/**
 * Median CPU ms of one full stream over several batches after a warm-up run (the machine is shared: the
 * median of at least 5 batches ignores the odd batch that a collection or a neighbour slowed down).
 * Re-parsers whose single run is long: one run (their code is already warm from the smaller cells).
 */
export async function time(run: Run, deltas: readonly string[], quadratic: boolean): Promise<number> {
  const budget = quick ? 100 : 250;
  collect();
  const first = await once(run, deltas);
  if (quadratic && first > budget / 2) return first;
  const repeat = Math.max(1, Math.ceil(5 / Math.max(first, 0.01)));
  const batches: number[] = [];
  let spent = 0;
  while (batches.length < 5 || (batches.length < 51 && spent < budget)) {
    const took = await once(run, deltas, repeat);
    batches.push(took);
    spent += took * repeat;
  }
  batches.sort((a, b) => a - b);
  return batches[batches.length >> 1]!;
}

/**
 * Median CPU ms of several runs timed in turns, batch by batch, so that each run is measured under the
 * same load as the others: on a shared machine a neighbour's burst then slows them alike, and the ratios
 * between them (which the aims are about) hold even when the absolute figures move.
 */
export async function timeTogether(runs: readonly Run[], deltas: readonly string[]): Promise<number[]> {
  const budget = (quick ? 100 : 250) * runs.length;
  collect();
  const repeats: number[] = [];
  for (const run of runs) {
    const first = await once(run, deltas);
    repeats.push(Math.max(1, Math.ceil(5 / Math.max(first, 0.01))));
  }
  const batches: number[][] = runs.map(() => []);
  let spent = 0;
  const next = random(deltas.length);
  const order = runs.map((_, index) => index);
  for (let round = 0; round < 5 || (round < 51 && spent < budget); round++) {
    // In a shuffled order each round, so that no run always follows the same one (and pays for the
    // garbage that one left more often than the others do).
    for (let at = order.length - 1; at > 0; at--) {
      const other = Math.floor(next() * (at + 1));
      [order[at], order[other]] = [order[other]!, order[at]!];
    }
    for (const index of order) {
      const took = await once(runs[index]!, deltas, repeats[index]);
      batches[index]!.push(took);
      spent += took * repeats[index]!;
    }
  }
  return batches.map((list) => list.sort((a, b) => a - b)[list.length >> 1]!);
}

/** What a full run of a re-parser would take: time growing prefixes until one takes 50 ms, then scale by n². */
export async function projectQuadratic(run: Run, deltas: readonly string[]): Promise<number> {
  for (let count = Math.min(deltas.length, 256); ; count = Math.min(deltas.length, count * 2)) {
    const took = await once(run, deltas.slice(0, count));
    if (took >= 50 || count === deltas.length) return took * (deltas.length / count) ** 2;
  }
}

export function floorMs(text: string): number {
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch++) {
    const started = cpuMs();
    let reps = 0;
    while (cpuMs() - started < 20) {
      JSON.parse(text);
      reps++;
    }
    batches.push((cpuMs() - started) / reps);
  }
  return batches.sort((a, b) => a - b)[2]!;
}

export const label = (size: number) =>
  size >= 1024 * 1024 ? `${size / 1024 / 1024} MiB` : `${size / 1024} KiB`;
export const ms = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3);
