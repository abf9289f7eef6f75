import { ActionFailure, createRegistry, defineAction, type Registry, type Target } from '@affordance/core';
import { mcpSession } from '@affordance/mcp';

/** The blocks of the fixture board, served as MCP resources. */
export function fixtureBlocks(): Record<string, Target> {
  return {
    'shape-1': { id: 'shape-1', type: 'shape', title: 'Red square', color: '#ff0000' },
    'md-1': { id: 'md-1', type: 'markdown', text: '# Notes' },
  };
}

/**
 * A registry for the MCP server tests: an echo with a declared object output, a hex-color setter whose pattern
 * gives a fix-it failure, an admin-only destructive reset, a counter reporting progress, a logger, and two
 * actions that register and unregister others (to drive `list_changed` from a client).
 */
export function createFixtureRegistry(): Registry {
  const blocks = fixtureBlocks();
  const registry = createRegistry({
    targets: {
      get: (type, id) => (blocks[id]?.type === type ? blocks[id] : undefined),
      list: () => Object.values(blocks),
    },
  });
  registry.register([
    defineAction({
      name: 'echo',
      title: 'Echo',
      description: 'Send the text back',
      readOnly: true,
      idempotent: true,
      input: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { words: { type: 'string', minLength: 1 } },
        properties: { text: { $ref: '#/$defs/words' } },
        required: ['text'],
        additionalProperties: false,
      },
      output: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      handler: (input) => ({ text: String(input.text) }),
    }),
    defineAction({
      name: 'updateColor',
      scope: 'shape',
      description: "Change a shape block's color",
      input: {
        type: 'object',
        properties: { color: { type: 'string', pattern: '^#[0-9a-f]{6}$', description: 'Hex color' } },
        required: ['color'],
        additionalProperties: false,
      },
      handler: (input, ctx) => {
        ctx.target.color = input.color;
        return { id: ctx.target.id, color: input.color };
      },
    }),
    defineAction({
      name: 'reset_board',
      description: 'Remove every block from the board',
      roles: ['admin'],
      destructive: true,
      handler: () => {
        for (const id of Object.keys(blocks)) delete blocks[id];
        return 'board cleared';
      },
    }),
    defineAction({
      name: 'count',
      description: 'Count to `to`, reporting progress at each step',
      input: {
        type: 'object',
        properties: { to: { type: 'integer', minimum: 1, maximum: 20 } },
        required: ['to'],
      },
      handler: async (input, ctx) => {
        for (let step = 1; step <= input.to; step++) {
          ctx.progress({ progress: step, total: input.to, message: `step ${step}` });
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return { counted: input.to };
      },
    }),
    defineAction({
      name: 'log_lines',
      description: 'Write one log line at each level debug, info and warning',
      handler: async (_input, ctx) => {
        const session = mcpSession(ctx);
        if (!session) throw new ActionFailure('unavailable', 'log_lines only works over MCP');
        for (const level of ['debug', 'info', 'warning'] as const)
          await session.log(level, `${level} line`, 'fixture');
        return 'logged';
      },
    }),
    defineAction({
      name: 'tools_add',
      description: 'Register a new action named extra_<name> that answers with its own name',
      input: {
        type: 'object',
        properties: { name: { type: 'string', pattern: '^[a-z]+$' } },
        required: ['name'],
      },
      handler: (input) => {
        registry.register(
          defineAction({
            name: `extra_${input.name}`,
            description: `An extra action (${input.name})`,
            handler: () => input.name,
          }),
        );
        return `registered extra_${input.name}`;
      },
    }),
    defineAction({
      name: 'tools_remove',
      description: 'Unregister the action extra_<name>',
      input: {
        type: 'object',
        properties: { name: { type: 'string', pattern: '^[a-z]+$' } },
        required: ['name'],
      },
      handler: (input) => {
        const removed = registry.unregister(`extra_${input.name}`);
        if (removed === 0) throw new ActionFailure('invalid_args', `there is no action extra_${input.name}`);
        return `removed extra_${input.name}`;
      },
    }),
  ]);
  return registry;
}
