import type { RunResult } from '@affordance/core';
import { EXIT, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { expectOk, REMOTE_OPTIONS, remoteServer } from '../remote.js';
import { withApp } from '../with-app.js';
import { printResult } from './print-result.js';
import { readInput } from './read-input.js';

/** `affordance call <name> --args <json|@file>`: run one action through the pipeline; exit 1 when it fails. */
export const callCommand: Command = {
  name: 'call',
  summary: 'run one action',
  usage: `affordance call <name> [--args <json|@file|->] [--session id] [--idempotency-key key] [--server url] [--json]

  --server  run it through the server at this URL (as its API key AFFORDANCE_API_KEY, if it has keys) instead
            of opening the data folder, which a running \`affordance serve\` holds
  exits 1 when the action fails (the error is printed), 2 on a wrong command line`,
  async run(args, io) {
    const { values, positionals } = parseCommand(args, {
      args: { type: 'string' },
      session: { type: 'string' },
      'idempotency-key': { type: 'string' },
      ...REMOTE_OPTIONS,
    });
    const name = positionals[0];
    if (!name || positionals.length > 1) throw new UsageError('give exactly one action name');
    const text = values.args === undefined ? '{}' : await readInput(values.args, io, true);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--args is not JSON: ${(error as Error).message}`);
    }
    const show = (result: RunResult) => {
      if (values.json) printJson(io, result);
      else printResult(io, result);
      return result.ok ? EXIT.ok : EXIT.failed;
    };
    const remote = remoteServer(values.server);
    if (remote) {
      const answer = await remote.request(`/api/actions/${encodeURIComponent(name)}/run`, {
        method: 'POST',
        body: {
          args: parsed,
          ...(values.session ? { sessionId: values.session } : {}),
          ...(values['idempotency-key'] ? { idempotencyKey: values['idempotency-key'] } : {}),
        },
      });
      // A refused call (403) still answers its RunResult.
      return show((answer.status === 403 ? answer.body : expectOk(answer)) as RunResult);
    }
    return withApp(
      values,
      async ({ registry, user }) =>
        show(
          await registry.run({
            name,
            args: parsed,
            user,
            ...(values.session ? { sessionId: values.session } : {}),
            ...(values['idempotency-key'] ? { idempotencyKey: values['idempotency-key'] } : {}),
          }),
        ),
      io,
    );
  },
};
