import { describe, expect, it } from 'vitest';
import { breakdown, bundleCases, coreEntryPoints, measureBundles, verdict } from '../../bench/bundle-size.js';

// The sizes themselves drift and are reported by `npm run bench -- bundle` (docs/benchmarks.md). The budgets of
// issue 18 (kernel 30 kB, kernel + hooks 45 kB, assembler 15 kB gzipped) are asserted. What left the kernel for
// chunks loaded on use or for imports of their own is held out of it here.
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
    for (const name of [
      'kernel: defineAction + createRegistry + run',
      'createToolCallAssembler alone',
      'kernel + @affordance/react hooks',
    ]) {
      const row = rows.find((entry) => entry.name.startsWith(name))!;
      expect(verdict(row), `${row.name}: ${row.gz} bytes gzipped`).toBe('PASS');
    }
    // Up front, the kernel carries no format adapter, no memory approval or idempotency store,
    // no rate limiter and no idempotency claims: each is imported by the page or loaded on its first use.
    const upFront = Object.values(rows[0]!.metafile!.outputs).flatMap((output) => Object.keys(output.inputs));
    for (const module of [
      'formats/strict-schema.ts',
      'formats/gemini-schema.ts',
      'formats/openai-chat.ts',
      'ports/memory-approval-store.ts',
      'ports/idempotency-store.ts',
      'ports/rate-limiter.ts',
      'rate-limiter-flexible',
      'steps/idempotency-claims.ts',
      'steps/rate-limit-windows.ts',
      'fastest-levenshtein',
      // Loaded when a schema first uses `format`, a zod or arktype pattern first carries a flag, an approval is
      // first asked or decided, a `requires` first checked.
      'schema/string-formats.ts',
      'schema/pattern-without-flags.ts',
      'registry/approvals.ts',
      'steps/approval-pause.ts',
      'steps/prerequisites-met.ts',
    ]) {
      expect(
        upFront.filter((path) => path.includes(module)),
        module,
      ).toEqual([]);
    }
    // A page that imports a format pays for it, and its tools are built by the adapter it imported.
    const withOpenAI = rows.find((row) =>
      row.name.startsWith('kernel + registry.tools({ format: openaiFormat })'),
    )!;
    expect(
      Object.values(withOpenAI.metafile!.outputs).flatMap((output) => Object.keys(output.inputs)),
    ).toEqual(expect.arrayContaining([expect.stringContaining('formats/strict-schema.ts')]));
    const kernel = breakdown(rows[0]!.metafile!).map((entry) => entry.module);
    // Browsers validate with core's own interpreter (schema/interpret-schema.ts): no validator package at all.
    expect(kernel).toContain('core/schema/');
    for (const name of [
      'ajv',
      'fast-uri',
      'json-schema-traverse',
      'fast-deep-equal',
      '@cfworker/json-schema',
    ]) {
      expect(kernel, name).not.toContain(name);
    }
  }, 120_000);
});
