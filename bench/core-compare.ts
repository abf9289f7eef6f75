/**
 * The core benchmark's registry.run calls on another commit's core (`--base <ref>`) and on this one, in one process:
 * both bundled alike (core-base.ts), the contenders taking turns within every round (core-measure.ts), so the
 * before/after ratio of each call is paired within rounds. The Vercel AI SDK's parse-and-execute path and zod + the
 * handler run in the same rounds, for the aim and for scale.
 */
import { loadCoreVersions } from './core-base.js';
import { type CoreModule, coreCalls, handler, sdkCall, zodInput } from './core-fixtures.js';
import { type CpuMeasurement, measureCpu, pairedRatio } from './core-measure.js';
import { formatNs } from './measure.js';

const CALLS = [
  ['valid (scoped, role, `when`, rate limit)', 'valid'],
  ['valid, JSON text arguments', 'validText'],
  ['valid, unscoped, schema only', 'schemaOnly'],
  ['invalid, with the fix-it message', 'invalid'],
] as const;

/** Measure and print the before/after table of `ref` against the working tree. */
export async function compareWithBase(
  ref: string,
  options: { readonly batch: number; readonly rounds: number },
): Promise<void> {
  const versions = await loadCoreVersions(ref);
  try {
    const before = coreCalls(versions.base);
    const after = coreCalls(versions.current);
    await checkValidates(versions.base, before);
    await checkValidates(versions.current, after);
    const validText = JSON.stringify({ color: '#ff0000' });
    const measured = await measureCpu(
      [
        ...CALLS.flatMap(([label, key]) => [
          { name: `before: ${label}`, operation: before[key] },
          { name: `after: ${label}`, operation: after[key] },
        ]),
        { name: 'Vercel AI SDK parse + execute', operation: () => sdkCall(validText) },
        { name: 'zod parse + handler', operation: () => handler(zodInput.parse({ color: '#ff0000' })) },
      ],
      options,
    );
    const byName = new Map(measured.map((row) => [row.name, row]));
    const row = (name: string): CpuMeasurement => byName.get(name)!;
    const lines = [
      `### registry.run before (${versions.commit}) and after (the working tree), CPU time per call`,
      '',
      '| call | before | after | after ÷ before (paired) |',
      '|---|---:|---:|---:|',
    ];
    for (const [label] of CALLS) {
      const was = row(`before: ${label}`);
      const now = row(`after: ${label}`);
      lines.push(
        `| ${label} | ${formatNs(was.nsPerOp)} | ${formatNs(now.nsPerOp)} | ${pairedRatio(now, was).toFixed(2)} |`,
      );
    }
    const sdk = row('Vercel AI SDK parse + execute');
    const zod = row('zod parse + handler');
    lines.push(
      '',
      `Vercel AI SDK parse + execute ${formatNs(sdk.nsPerOp)}, zod parse + handler ${formatNs(zod.nsPerOp)} in the same rounds.`,
      `Schema-only registry.run ÷ AI SDK (paired): before ${pairedRatio(row(`before: ${CALLS[2][0]}`), sdk).toFixed(2)}, after ${pairedRatio(row(`after: ${CALLS[2][0]}`), sdk).toFixed(2)}.`,
    );
    console.log(lines.join('\n'));
  } finally {
    versions.cleanup();
  }
}

// Both copies must really validate, or the comparison measures nothing.
async function checkValidates(core: CoreModule, calls: ReturnType<typeof coreCalls>): Promise<void> {
  if ((await calls.invalid()).ok) throw new Error('a registry accepted an invalid call');
  if (!(await calls.valid()).ok || !(await calls.schemaOnly()).ok)
    throw new Error(`a registry refused a valid call (${Object.keys(core).length} exports)`);
}
