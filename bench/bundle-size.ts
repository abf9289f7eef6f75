/**
 * Browser bundle sizes of core's kernel, its entry points and the React hooks: esbuild (browser platform,
 * minified, ESM, code splitting as Vite, Rollup and webpack do for `import()`, the `@affordance/source` condition so
 * no build is needed), gzip -9. A row's size is what a page loads up front (the entry chunk and the chunks it
 * imports statically); what is only reached through `import()` (jsonrepair, on the first repair) is reported apart
 * as `lazy`. Used by `bundle.bench.ts` and by test/csp/bundle-budget.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One bundle to measure: what it imports, and its budget (gzipped bytes) where the issue sets one. */
export interface BundleCase {
  readonly name: string;
  readonly contents: string;
  readonly budgetGz?: number;
}

/** A measured bundle: raw and gzipped bytes loaded up front (and those loaded lazily), or why it did not build. */
export interface BundleRow extends BundleCase {
  readonly raw?: number;
  readonly gz?: number;
  /** Raw and gzipped bytes of the chunks only `import()` reaches (0 when there are none). */
  readonly lazyRaw?: number;
  readonly lazyGz?: number;
  readonly error?: string;
  readonly metafile?: Metafile;
}

const KB = 1000;

// What a small page does: define an action, make a registry, run a call.
const KERNEL = `
import { createRegistry, defineAction } from '@affordance/core';
const paint = defineAction({
  name: 'paint',
  description: 'Paints a shape',
  input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
  handler: (input) => input,
});
export const registry = createRegistry({ actions: [paint] });
export const result = registry.run({ name: 'paint', args: { color: 'red' } });
`;

/** The subpaths of `@affordance/core` its package.json exports today (`./streaming`, `./ranking` …). */
export function coreEntryPoints(): string[] {
  const manifest = JSON.parse(readFileSync(`${root}packages/core/package.json`, 'utf8')) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(manifest.exports).filter((key) => key !== './package.json');
}

/** Every bundle the budget table lists. */
export function bundleCases(): BundleCase[] {
  const entries = coreEntryPoints();
  const streaming = entries.includes('./streaming') ? '@affordance/core/streaming' : '@affordance/core';
  return [
    { name: 'kernel: defineAction + createRegistry + run', contents: KERNEL, budgetGz: 30 * KB },
    {
      name: 'kernel + registry.tools({ format: openaiFormat })',
      contents: `${KERNEL}\nimport { openaiFormat } from '@affordance/core/formats';\nexport const tools = registry.tools({ format: openaiFormat });`,
    },
    {
      name: 'kernel + every format (formats: Object.values(TOOL_FORMATTERS))',
      contents: `${KERNEL}\nimport { TOOL_FORMATTERS } from '@affordance/core/formats';\nexport const all = createRegistry({ formats: Object.values(TOOL_FORMATTERS) });`,
    },
    {
      name: `createToolCallAssembler alone (${streaming})`,
      contents: `import { createToolCallAssembler } from '${streaming}';\nexport const assembler = createToolCallAssembler;`,
      budgetGz: 15 * KB,
    },
    {
      name: 'kernel + @affordance/react hooks (react external)',
      contents: `${KERNEL}
import { AffordanceProvider, useAffordance, useAssistantAction, useAvailableActions, useToolCall, useToolCalls } from '@affordance/react';
export const hooks = [AffordanceProvider, useAffordance, useAssistantAction, useAvailableActions, useToolCall, useToolCalls];`,
      budgetGz: 45 * KB,
    },
    {
      name: '@affordance/react useAgentChat (react external)',
      contents: `import { useAgentChat } from '@affordance/react';\nexport const chat = useAgentChat;`,
    },
    ...entries.map((entry) => {
      const specifier = entry === '.' ? '@affordance/core' : `@affordance/core/${entry.slice(2)}`;
      return {
        name: `entry point ${specifier} (all of it)`,
        contents: `export * from '${specifier}';`,
      };
    }),
  ];
}

/** Bundle one case for a browser and measure it. */
export async function measureBundle(bundle: BundleCase): Promise<BundleRow> {
  try {
    const result = await build({
      stdin: { contents: bundle.contents, resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      splitting: true,
      outdir: `${root}.bundle-size`,
      conditions: ['@affordance/source'],
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const { eager: upFront, lazy } = reachedOutputs(result.metafile);
    let raw = 0;
    let gz = 0;
    let lazyRaw = 0;
    let lazyGz = 0;
    for (const file of result.outputFiles) {
      if (file.path.endsWith('.map')) continue;
      const path = file.path.slice(root.length);
      if (!upFront.has(path) && !lazy.has(path)) continue; // an `import()` target in code the page dropped
      const size = gzipSync(file.contents, { level: 9 }).length;
      if (upFront.has(path)) {
        raw += file.contents.length;
        gz += size;
      } else {
        lazyRaw += file.contents.length;
        lazyGz += size;
      }
    }
    const metafile: Metafile = {
      inputs: result.metafile.inputs,
      outputs: Object.fromEntries(
        Object.entries(result.metafile.outputs).filter(([path]) => upFront.has(path)),
      ),
    };
    return { ...bundle, raw, gz, lazyRaw, lazyGz, metafile };
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string }> }).errors?.[0]?.text;
    return { ...bundle, error: first ?? String(error) };
  }
}

// What a page loads: up front, its entry chunk and every chunk that reaches through static imports; later, the
// chunks its `import()`s reach (and theirs). esbuild also writes a chunk for an `import()` whose caller the page
// tree-shook away (nothing ever loads it): that one is in neither set and is not counted.
function reachedOutputs(metafile: Metafile): { eager: Set<string>; lazy: Set<string> } {
  const outputs = metafile.outputs;
  const closure = (starts: Iterable<string>, kinds: ReadonlySet<string>, into: Set<string>) => {
    const visit = (path: string) => {
      if (into.has(path) || !outputs[path]) return;
      into.add(path);
      for (const imported of outputs[path]!.imports) if (kinds.has(imported.kind)) visit(imported.path);
    };
    for (const start of starts) visit(start);
    return into;
  };
  const page = Object.keys(outputs).filter((path) => outputs[path]!.entryPoint === 'entry.ts');
  const eager = closure(page, new Set(['import-statement']), new Set());
  const reached = closure(page, new Set(['import-statement', 'dynamic-import']), new Set());
  return { eager, lazy: new Set([...reached].filter((path) => !eager.has(path))) };
}

/** Measure every case, one after the other. */
export async function measureBundles(cases = bundleCases()): Promise<BundleRow[]> {
  const rows: BundleRow[] = [];
  for (const bundle of cases) rows.push(await measureBundle(bundle));
  return rows;
}

/** PASS, OVER or `-` (no budget) for a row. */
export function verdict(row: BundleRow): 'PASS' | 'OVER' | '-' | 'ERROR' {
  if (row.error !== undefined) return 'ERROR';
  if (row.budgetGz === undefined) return '-';
  return row.gz! <= row.budgetGz ? 'PASS' : 'OVER';
}

/** Bytes of output each package (or core folder) puts in a bundle, largest first. */
export function breakdown(metafile: Metafile): Array<{ module: string; bytes: number }> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const module = moduleOf(path);
      totals.set(module, (totals.get(module) ?? 0) + input.bytesInOutput);
    }
  }
  return [...totals]
    .map(([module, bytes]) => ({ module, bytes }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

function moduleOf(path: string): string {
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (packaged) return packaged[1]!;
  const core = /packages\/core\/src\/([^/]+)(\/)?/.exec(path);
  if (core) return core[2] ? `core/${core[1]}/` : `core/${core[1]}`;
  const other = /packages\/([^/]+)\/src\//.exec(path);
  return other ? `@affordance/${other[1]}` : path;
}

/** A kB figure as the tables print it. */
export function kb(bytes: number | undefined): string {
  return bytes === undefined ? '-' : `${(bytes / KB).toFixed(1)} kB`;
}
