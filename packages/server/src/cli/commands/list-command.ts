import { describeAvailable } from '../../routes/action-routes.js';
import { type CliIO, EXIT, paint, parseCommand, printJson } from '../cli-io.js';
import type { Command } from '../command.js';
import { positiveIntegerOption, targetOption } from '../command-options.js';
import { expectOk, queryOf, REMOTE_OPTIONS, remoteServer } from '../remote.js';
import { withApp } from '../with-app.js';

interface Listed {
  readonly name: string;
  readonly title?: string;
  readonly available: boolean;
  readonly reason?: string;
}

/** `affordance list`: what can be done, on a target, ranked by a query; `--all` adds what cannot, with the reason. */
export const listCommand: Command = {
  name: 'list',
  summary: 'list the actions available (on a target, for a query)',
  usage: `affordance list [--target type:id] [--query text] [--limit n] [--all] [--server url] [--json]

  --target  the target in view, e.g. shape:shape-1
  --query   rank by relevance to this text
  --all     also list unavailable actions, with the reason
  --server  ask the server at this URL (API key from AFFORDANCE_API_KEY) instead of opening the data folder`,
  async run(args, io) {
    const { values } = parseCommand(args, {
      target: { type: 'string' },
      query: { type: 'string' },
      limit: { type: 'string' },
      all: { type: 'boolean' },
      ...REMOTE_OPTIONS,
    });
    const limit = positiveIntegerOption('limit', values.limit);
    const remote = remoteServer(values.server);
    if (remote) {
      const path = `/api/actions${queryOf({
        target: values.target,
        q: values.query,
        limit,
        include: values.all ? 'all' : 'available',
      })}`;
      const { actions } = expectOk(await remote.request(path)) as { actions: Listed[] };
      return show(io, actions, values.json === true);
    }
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
        const listed = found.map((entry) => ({
          name: entry.name,
          title: entry.action.title ?? entry.action.description,
          available: entry.available,
          ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
        }));
        return show(io, listed, false);
      },
      io,
    );
  },
};

function show(io: CliIO, listed: readonly Listed[], json: boolean): number {
  if (json) {
    printJson(io, listed);
    return EXIT.ok;
  }
  for (const entry of listed) {
    const title = entry.title ?? '';
    if (entry.available) io.out(`${paint(io, 'green', '✓')} ${paint(io, 'bold', entry.name)}  ${title}\n`);
    else io.out(`${paint(io, 'dim', `✗ ${entry.name}  ${title} — ${entry.reason ?? 'unavailable'}`)}\n`);
  }
  if (listed.length === 0) io.out('No actions match.\n');
  return EXIT.ok;
}
