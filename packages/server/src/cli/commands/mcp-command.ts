import { EXIT, parseCommand } from '../cli-io.js';
import type { Command } from '../command.js';
import { withApp } from '../with-app.js';

/** `affordance mcp`: serve the registry as an MCP server over stdio until the client closes it. */
export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve the registry over MCP on stdio',
  usage: `affordance mcp [--data dir] [--registry module]

  speaks MCP on stdin/stdout as the local user; messages go to stderr`,
  async run(args) {
    const { values } = parseCommand(args, {});
    return withApp(values, async ({ registry, user }) => {
      const { runStdioServer } = await import('@affordance/mcp/stdio');
      await runStdioServer(registry, { user });
      return EXIT.ok;
    });
  },
};
