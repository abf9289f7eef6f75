// The entry bundled for Node, Bun and Deno. `contracts`: run the store contract suite, print one JSON line.
// `mcp`: serve the fixture registry over Streamable HTTP on 127.0.0.1 with the runtime's own server, print
// `{"url": ...}` and serve until killed.
import { createMcpFixture, createMcpRegistry } from './mcp-fixture.js';
import { runContracts } from './run-contracts.js';

type FetchHandler = (request: Request) => Promise<Response>;

interface CliGlobals {
  readonly Bun?: {
    serve(options: { hostname: string; port: number; idleTimeout: number; fetch: FetchHandler }): {
      readonly port: number;
    };
  };
  readonly Deno?: {
    readonly args: readonly string[];
    exit(code: number): never;
    serve(
      options: { hostname: string; port: number; onListen(address: { port: number }): void },
      handler: FetchHandler,
    ): unknown;
  };
  readonly process?: { readonly argv: readonly string[]; exit(code: number): never };
}

const globals = globalThis as CliGlobals;
const mode = (globals.Deno ? globals.Deno.args : (globals.process?.argv.slice(2) ?? []))[0];

if (mode === 'contracts') {
  const report = await runContracts();
  console.log(JSON.stringify(report));
  exit(0);
} else if (mode === 'mcp') {
  console.log(JSON.stringify({ url: await serve() }));
} else {
  console.error('usage: <runtime> runtimes.mjs contracts|mcp');
  exit(2);
}

/** Serve at /mcp on 127.0.0.1, a free port; the URL. */
async function serve(): Promise<string> {
  if (!globals.Bun && !globals.Deno) {
    // Node: the package's own node:http listener, `@affordance/mcp/node`.
    const { listenMCP } = await import('@affordance/mcp/node');
    return (await listenMCP(createMcpRegistry(), { host: '127.0.0.1', port: 0 })).url;
  }
  const server = createMcpFixture();
  const at = (port: number) => `http://127.0.0.1:${port}/mcp`;
  const handler: FetchHandler = (request) =>
    new URL(request.url).pathname === '/mcp'
      ? server.fetch(request)
      : Promise.resolve(new Response('not found', { status: 404 }));
  if (globals.Bun) {
    return at(globals.Bun.serve({ hostname: '127.0.0.1', port: 0, idleTimeout: 0, fetch: handler }).port);
  }
  return new Promise((resolve) => {
    globals.Deno?.serve(
      { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => resolve(at(port)) },
      handler,
    );
  });
}

function exit(code: number): void {
  if (globals.Deno) globals.Deno.exit(code);
  else globals.process?.exit(code);
}
