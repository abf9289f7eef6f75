import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, type RuntimeName } from '../../../scripts/runtimes/runtimes.mjs';
import { collectContracts } from '../portable/run-contracts.js';
import { bundlePortable } from './bundle-portable.js';
import { exchangeWithMcp, firstText } from './mcp-exchange.js';
import { runtimeForTests } from './runtime-for-tests.js';
import { type RuntimeTarget, runContractsIn, startMcpIn } from './start-runtime.js';

/**
 * The runtime matrix for one runtime: bundle the portable entries, run the store contract suite inside it (every
 * test of the suite, in order, passing), and serve MCP from inside it to the official client. Skipped with one
 * line when the runtime is not installed; a failure under `AFFORDANCE_REQUIRE_ALL=1`.
 */
export function describeRuntime(name: RuntimeName): void {
  const binary = runtimeForTests(name);
  const { label, version } = RUNTIMES[name];
  describe.skipIf(!binary)(`${label} (${version}, from npm)`, () => {
    let target: RuntimeTarget;
    beforeAll(async () => {
      target = { name, binary: binary!, bundle: await bundlePortable() };
    }, 60_000);
    afterAll(() => target?.bundle.remove());

    it('passes the store contract suite on a memory store', async () => {
      const report = await runContractsIn(target, 20_000);
      expect(report.runtime).toBe(reportedRuntime(name));
      const declared = collectContracts().names();
      expect(declared.length).toBeGreaterThan(30);
      expect(report.names).toEqual(declared);
      expect(report.failures).toEqual([]);
      expect(report.passed).toBe(declared.length);
    }, 120_000);

    it('serves MCP over Streamable HTTP to the official MCP client', async () => {
      const server = await startMcpIn(target);
      try {
        const exchange = await exchangeWithMcp(server.url);
        expect(exchange.serverName).toBeDefined();
        expect(exchange.tools).toEqual(['add', 'where']);
        expect(firstText(exchange.where)).toBe(reportedRuntime(name));
        expect(exchange.valid).toEqual({
          content: [{ type: 'text', text: '{"sum":5}' }],
          structuredContent: { sum: 5 },
        });
        expect(exchange.invalid.isError).toBe(true);
        expect(firstText(exchange.invalid)).toMatch(/^Error \(invalid_args\): .*\ba\b/);
      } finally {
        await server.stop();
      }
    }, 60_000);
  });
}

/** What `runtimeName()` answers inside a runtime of the matrix. */
function reportedRuntime(name: RuntimeName): string {
  const { version } = RUNTIMES[name];
  if (name === 'workerd') return 'workerd';
  return name.startsWith('node') ? `node ${version}` : `${name} ${version}`;
}
