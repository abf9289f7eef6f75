/**
 * `npm run bench`: run every benchmark in its own process, one after the other, and print their tables.
 * Pass `--quick` for shorter runs, or names to pick some: `npm run bench -- core streaming`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace('.bench.ts', '')))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n## ${file.replace('.bench.ts', '')}\n`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=@affordance/source', '--import', 'tsx', `${here}${file}`, ...flags],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    failed++;
    console.log(`\n${file} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
