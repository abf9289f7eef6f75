import { renderActionsPrompt } from '@affordance/core';
import { EXIT, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { positiveIntegerOption, targetOption } from '../command-options.js';
import { withApp } from '../with-app.js';

/** `affordance prompt --format json|fenced`: the text-protocol prompt listing the available actions. */
export const promptCommand: Command = {
  name: 'prompt',
  summary: 'print the actions prompt of the text protocol',
  usage: `affordance prompt [--format json|fenced] [--target type:id] [--query text] [--limit n] [--json]`,
  async run(args, io) {
    const { values } = parseCommand(args, {
      format: { type: 'string' },
      target: { type: 'string' },
      query: { type: 'string' },
      limit: { type: 'string' },
    });
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'fenced')
      throw new UsageError(`--format must be json or fenced, not '${format}'`);
    const limit = positiveIntegerOption('limit', values.limit);
    return withApp(
      values,
      async ({ registry, user }) => {
        // The resolver may be asynchronous (Postgres); the prompt is rendered over the resolved target.
        const target = await targetOption(registry, values.target);
        const prompt = renderActionsPrompt({
          registry,
          format,
          user,
          ...(target ? { target } : {}),
          ...(values.query ? { query: values.query } : {}),
          ...(limit !== undefined ? { limit } : {}),
        });
        if (values.json) printJson(io, { format, prompt });
        else io.out(`${prompt}\n`);
        return EXIT.ok;
      },
      io,
    );
  },
};
