import { describe, expect, it } from 'vitest';
import { breakdown, bundleCases, coreEntryPoints, measureBundles, verdict } from '../../bench/bundle-size.js';

// The sizes themselves drift and are reported by `npm run bench -- bundle` (docs/benchmarks.md). Of the budgets of
// issue 18 the assembler's is met and asserted; the kernel's and the hooks' are not yet, so they are printed.
describe('the bundle-size script', () => {
  it('builds and reports every row, and browser bundles carry no ajv', async () => {
    const cases = bundleCases();
    const rows = await measureBundles(cases);
    expect(rows.map((row) => row.name)).toEqual(cases.map((bundle) => bundle.name));
    for (const entry of coreEntryPoints()) {
      expect(
        rows.some((row) => row.name.includes(entry === '.' ? '@affordance/core (' : entry.slice(2))),
      ).toBe(true);
    }
    for (const row of rows) {
      expect(row.error, row.name).toBeUndefined();
      expect(row.gz!, row.name).toBeGreaterThan(0);
      expect(row.gz!, row.name).toBeLessThan(row.raw!);
      expect(['PASS', 'OVER', '-']).toContain(verdict(row));
    }
    const assembler = rows.find((row) => row.name.startsWith('createToolCallAssembler alone'))!;
    expect(verdict(assembler), `${assembler.gz} bytes gzipped`).toBe('PASS');
    const kernel = breakdown(rows[0]!.metafile!).map((entry) => entry.module);
    expect(kernel).toContain('@cfworker/json-schema');
    for (const name of ['ajv', 'fast-uri', 'json-schema-traverse', 'fast-deep-equal']) {
      expect(kernel, name).not.toContain(name);
    }
  }, 120_000);
});
