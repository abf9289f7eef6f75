/**
 * `npm run bench -- bundle`: browser bundle sizes (esbuild, minified ESM, gzip -9) of core's kernel, each entry
 * point, the streaming assembler and the React hooks, against the budgets of issue 18, then what remains in the
 * bundles with a budget, module by module (esbuild's metafile).
 */
import { breakdown, kb, measureBundles, verdict } from './bundle-size.js';

const rows = await measureBundles();
console.log('| bundle | raw | gzip -9 | budget (gz) | verdict | lazy (import()), gz |');
console.log('| --- | ---: | ---: | ---: | --- | ---: |');
for (const row of rows) {
  const size = row.error ? `error: ${row.error}` : kb(row.raw);
  const lazy = row.lazyGz ? kb(row.lazyGz) : '-';
  console.log(`| ${row.name} | ${size} | ${kb(row.gz)} | ${kb(row.budgetGz)} | ${verdict(row)} | ${lazy} |`);
}
// What remains in the bundles with a budget, largest first: where the next cut is.
for (const row of rows.filter((entry) => entry.budgetGz !== undefined && entry.metafile)) {
  console.log(`\nWhat "${row.name}" holds (minified bytes before gzip, ${kb(row.raw)} in all):\n`);
  console.log('| module | raw |');
  console.log('| --- | ---: |');
  for (const { module, bytes } of breakdown(row.metafile!).slice(0, 20))
    console.log(`| ${module} | ${kb(bytes)} |`);
}
