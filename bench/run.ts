/**
 * `npm run bench`: run every benchmark in its own process, one after the other, and print their tables.
 * Pass `--quick` for shorter runs, or names to pick some: `npm run bench -- core streaming`; `npm run bench -- core
 * --base <ref>` measures that commit's core beside this one.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
// Flags go to every benchmark; `--base <ref>` (the core benchmark's before/after) takes the word after it.
const isFlagValue = (index: number) => args[index - 1] === '--base';
const flags = args.filter((arg, index) => arg.startsWith('--') || isFlagValue(index));
const wanted = args.filter((arg, index) => !arg.startsWith('--') && !isFlagValue(index));
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
