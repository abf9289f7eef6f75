// Print the plain totals line CI reads ("N passed, N failed, N skipped") from vitest's JSON report; an optional
// second argument (`passed` | `failed`) adds the outcome of a check that ran outside vitest.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const suite of report.testResults ?? []) {
  for (const test of suite.assertionResults ?? []) {
    if (test.status === 'passed') passed++;
    else if (test.status === 'failed') failed++;
    else skipped++;
  }
  // A file that failed to load has no assertions but must count as a failure.
  if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') failed++;
}
const extra = process.argv[3];
if (extra === 'passed') passed++;
else if (extra !== undefined) failed++;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
