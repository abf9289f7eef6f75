/**
 * The aim alone, quickly: a schema-only action's registry.run against the Vercel AI SDK's parse-and-execute
 * path on the same tool, taking turns in every round, the ratio paired within rounds (see core-measure.ts). Run:
 * node --conditions=@affordance/source --import tsx bench/core-aim.ts [--quick]
 */
import * as core from '../packages/core/src/index.js';
import { coreCalls, sdkCall } from './core-fixtures.js';
import { measureCpu, pairedRatio } from './core-measure.js';
import { formatNs } from './measure.js';

const quick = process.argv.includes('--quick');
const calls = coreCalls(core);
const validText = JSON.stringify({ color: '#ff0000' });
if (!(await calls.schemaOnly()).ok) throw new Error('the schema-only call failed');
// The scoped call takes its turns too, so the pipeline's code sees both kinds of action, as in core.bench.ts.
const [ours, sdk, scoped] = await measureCpu(
  [
    { name: 'registry.run, schema only', operation: calls.schemaOnly },
    { name: 'Vercel AI SDK parse + execute', operation: () => sdkCall(validText) },
    { name: 'registry.run, scoped, role, `when`, rate limit', operation: calls.valid },
  ],
  { batch: quick ? 5_000 : 20_000, rounds: quick ? 7 : 21 },
);
console.log(
  `schema-only registry.run ${formatNs(ours!.nsPerOp)}, AI SDK ${formatNs(sdk!.nsPerOp)}: ${pairedRatio(ours!, sdk!).toFixed(2)}× (paired within rounds); scoped registry.run ${formatNs(scoped!.nsPerOp)}, ${pairedRatio(scoped!, sdk!).toFixed(2)}× the AI SDK`,
);
