// @affordance/mcp's root is the part a worker serves (`serveMCP(registry).fetch`): it bundles for Cloudflare Workers
// as a user's bundler would, with no Node built-in marked external. The Node-only parts stay on their entry points.
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Bundle `import * from specifier` for a worker: no platform, the worker conditions, nothing external. */
async function bundleForWorker(specifier: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    stdin: { contents: `export * from '${specifier}';`, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    // The sources (as the workspace's other bundles), then what wrangler and workerd users resolve.
    conditions: ['@affordance/source', 'workerd', 'worker', 'browser'],
    metafile: true,
    logLevel: 'silent',
  });
  return {
    code: result.outputFiles?.[0]?.text ?? '',
    inputs: Object.keys((result.metafile as Metafile).inputs),
  };
}

/** The module specifiers the bundle still imports at run time (static, dynamic or `require`). */
function importsLeft(code: string): string[] {
  const found = code.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s*)["']([^"']+)["']/gm,
  );
  return [...found].map((match) => match[1]!);
}

describe('bundling @affordance/mcp for a worker', () => {
  it('builds the root with no Node built-in external, importing no node: module and no cross-spawn', async () => {
    const { code, inputs } = await bundleForWorker('@affordance/mcp');
    expect(code).toContain('serveMCP');
    expect(
      importsLeft(code).filter((specifier) => /^node:|^(http|net|child_process|process)$/.test(specifier)),
    ).toEqual([]);
    expect(
      inputs.filter((input) => /cross-spawn|pkce-challenge|\/stdio\.js$|node-bridge/.test(input)),
    ).toEqual([]);
    expect(inputs.some((input) => input.endsWith('webStandardStreamableHttp.js'))).toBe(true);
  }, 60_000);

  it.each(['@affordance/mcp/node', '@affordance/mcp/stdio', '@affordance/mcp/client'])(
    'does not build %s that way: it reaches Node built-ins',
    async (specifier) => {
      await expect(bundleForWorker(specifier)).rejects.toThrow(/Could not resolve "(node:)?[a-z_]+"/);
    },
    60_000,
  );
});
