import { TOOL_FORMATS, type ToolFormat } from '@affordance/core';
import { EXIT, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { targetOption } from '../command-options.js';
import { withApp } from '../with-app.js';

/** `affordance tools --format <format>`: the tool definitions a provider takes, as JSON. */
export const toolsCommand: Command = {
  name: 'tools',
  summary: 'print tool definitions for a provider',
  usage: `affordance tools [--format ${TOOL_FORMATS.join('|')}] [--target type:id] [--json]

  prints the tools as JSON (default format openai); warnings go to stderr`,
  async run(args, io) {
    const { values } = parseCommand(args, { format: { type: 'string' }, target: { type: 'string' } });
    const format = values.format ?? 'openai';
    if (!(TOOL_FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(`unknown format '${format}'; use one of ${TOOL_FORMATS.join(', ')}`);
    }
    return withApp(
      values,
      async ({ registry, user }) => {
        const target = await targetOption(registry, values.target);
        const set = registry.toolSet({ format: format as ToolFormat, user, ...(target ? { target } : {}) });
        if (values.json) printJson(io, { format, tools: set.tools, warnings: set.warnings });
        else {
          printJson(io, set.tools);
          for (const warning of set.warnings) io.err(`warning: ${JSON.stringify(warning)}\n`);
        }
        return EXIT.ok;
      },
      io,
    );
  },
};
