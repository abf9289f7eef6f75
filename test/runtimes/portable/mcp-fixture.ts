import { createRegistry, defineAction, type Registry } from '@affordance/core';
import { type MCPServer, serveMCP } from '@affordance/mcp';
import { runtimeName } from './runtime-name.js';

/** The MCP server each runtime serves, on the fetch handler of `@affordance/mcp`'s root. */
export function createMcpFixture(): MCPServer {
  return serveMCP(createMcpRegistry());
}

/**
 * The registry served: `add` (validated numbers, an object output) and `where` (names the runtime answering, so the
 * client can tell the call really ran there).
 */
export function createMcpRegistry(): Registry {
  return createRegistry({
    actions: [
      defineAction({
        name: 'add',
        description: 'Add two numbers',
        readOnly: true,
        input: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
          additionalProperties: false,
        },
        output: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
        handler: (input) => ({ sum: input.a + input.b }),
      }),
      defineAction({
        name: 'where',
        description: 'Name the JavaScript runtime answering',
        readOnly: true,
        handler: () => runtimeName(),
      }),
    ],
  });
}
