// A server for bench/mcp.bench.ts, one per child process so the client's work is not counted against it. The bench
// runs it from an esbuild bundle (node_modules/.mcp-bench/mcp-bench-server.mjs); from the sources it runs with
//   node --conditions=@affordance/source --import tsx test/support/mcp-bench-server.ts <http|stdio> <ours|bare> [extra tools] [user]
// `ours` serves a registry through serveMCP, `bare` the same tools on the SDK alone. HTTP prints its URL on stdout.
import { createRegistry, defineAction } from '@affordance/core';
import { serveMCP } from '@affordance/mcp';
import { stripUnsafePatterns } from '@affordance/mcp/client';
import { listenMCP } from '@affordance/mcp/node';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type BareTools, ECHO_TOOLS, listenBare, serveBareStdio } from './mcp-bare-server.js';
import { catalogueTools } from './mcp-catalogue.js';

const [transport, kind, extraArg, asUser] = process.argv.slice(2);
const extra = catalogueTools(Number(extraArg ?? 0));

if (kind === 'ours') {
  const registry = createRegistry();
  const echo = ECHO_TOOLS.tools[0]!;
  registry.register(
    defineAction({
      name: echo.name,
      description: echo.description!,
      input: echo.inputSchema,
      handler: (input) => String(input.text),
    }),
  );
  // The same tools as the bare server: schemas, titles and hints (regexes defineAction refuses are left out).
  registry.register(
    extra.map((tool) => {
      const hints = tool.annotations ?? {};
      return defineAction({
        name: tool.name,
        description: tool.description?.trim() || tool.name,
        input: stripUnsafePatterns(tool.inputSchema).schema,
        ...(tool.outputSchema ? { output: stripUnsafePatterns(tool.outputSchema).schema } : {}),
        ...((tool.title ?? hints.title) ? { title: tool.title ?? hints.title } : {}),
        ...(hints.readOnlyHint !== undefined ? { readOnly: hints.readOnlyHint } : {}),
        ...(hints.destructiveHint !== undefined ? { destructive: hints.destructiveHint } : {}),
        ...(hints.idempotentHint !== undefined ? { idempotent: hints.idempotentHint } : {}),
        ...(hints.openWorldHint !== undefined ? { openWorld: hints.openWorldHint } : {}),
        handler: () => 'ok',
      });
    }),
  );
  // `user` makes every tools/list compute the user's own list (the anonymous one is cached by the registry).
  const options = asUser === 'user' ? { user: { id: 'bench', roles: ['member'] } } : {};
  if (transport === 'http') console.log((await listenMCP(registry, options)).url);
  else await serveMCP(registry, options).connect(new StdioServerTransport());
} else {
  const tools: BareTools = { tools: [...ECHO_TOOLS.tools, ...extra], call: ECHO_TOOLS.call };
  if (transport === 'http') console.log((await listenBare(tools)).url);
  else await serveBareStdio(tools, new StdioServerTransport());
}
// Exit when the parent closes our stdin (in HTTP mode nothing else reads it).
process.stdin.on('end', () => process.exit(0));
if (transport === 'http') process.stdin.resume();
