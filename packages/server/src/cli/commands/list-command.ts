import { describeAvailable } from '../../routes/action-routes.js';
import { EXIT, paint, parseCommand, printJson } from '../cli-io.js';
import type { Command } from '../command.js';
import { positiveIntegerOption, targetOption } from '../command-options.js';
import { withApp } from '../with-app.js';

/** `affordance list`: what can be done, on a target, ranked by a query; `--all` adds what cannot, with the reason. */
export const listCommand: Command = {
  name: 'list',
  summary: 'list the actions available (on a target, for a query)',
  usage: `affordance list [--target type:id] [--query text] [--limit n] [--all] [--json]

  --target  the target in view, e.g. shape:shape-1
  --query   rank by relevance to this text
  --all     also list unavailable actions, with the reason`,
  async run(args, io) {
    const { values } = parseCommand(args, {
      target: { type: 'string' },
      query: { type: 'string' },
      limit: { type: 'string' },
      all: { type: 'boolean' },
    });
    const limit = positiveIntegerOption('limit', values.limit);
    return withApp(
      values,
      async ({ registry, user }) => {
        const target = await targetOption(registry, values.target);
        const found = await registry.availableAsync({
          user,
          include: values.all ? 'all' : 'available',
          ...(target ? { target } : {}),
          ...(values.query ? { query: values.query } : {}),
          ...(limit !== undefined ? { limit } : {}),
        });
        if (values.json) {
          printJson(
            io,
            found.map((entry) => describeAvailable(entry, registry.targetParam)),
          );
          return EXIT.ok;
        }
        for (const entry of found) {
          const title = entry.action.title ?? entry.action.description;
          if (entry.available)
            io.out(`${paint(io, 'green', '✓')} ${paint(io, 'bold', entry.name)}  ${title}\n`);
          else
            io.out(`${paint(io, 'dim', `✗ ${entry.name}  ${title} — ${entry.reason ?? 'unavailable'}`)}\n`);
        }
        if (found.length === 0) io.out('No actions match.\n');
        return EXIT.ok;
      },
      io,
    );
  },
};
