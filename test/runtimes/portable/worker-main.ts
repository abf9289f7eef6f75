// The entry bundled for workerd, as an ES module worker: GET /contracts runs the store contract suite and answers
// its JSON report (`?timeoutMs=` per test, default 20 s); /mcp is the fixture registry's Streamable HTTP endpoint.
import type { MCPServer } from '@affordance/mcp';
import { createMcpFixture } from './mcp-fixture.js';
import { runContracts } from './run-contracts.js';

// Made on the first request: a worker may not use timers or random numbers while its module loads.
let server: MCPServer | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === '/contracts') {
      const timeout = Number(searchParams.get('timeoutMs'));
      return Response.json(await runContracts(timeout > 0 ? { testTimeoutMs: timeout } : {}));
    }
    if (pathname === '/mcp') {
      server ??= createMcpFixture();
      return server.fetch(request);
    }
    return new Response('not found', { status: 404 });
  },
};
