import { EXIT, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { withApp } from '../with-app.js';
import { printResult } from './print-result.js';
import { readInput } from './read-input.js';

/** `affordance call <name> --args <json|@file>`: run one action through the pipeline; exit 1 when it fails. */
export const callCommand: Command = {
  name: 'call',
  summary: 'run one action',
  usage: `affordance call <name> [--args <json|@file|->] [--session id] [--idempotency-key key] [--json]

  exits 1 when the action fails (the error is printed), 2 on a wrong command line`,
  async run(args, io) {
    const { values, positionals } = parseCommand(args, {
      args: { type: 'string' },
      session: { type: 'string' },
      'idempotency-key': { type: 'string' },
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
    return withApp(
      values,
      async ({ registry, user }) => {
        const result = await registry.run({
          name,
          args: parsed,
          user,
          ...(values.session ? { sessionId: values.session } : {}),
          ...(values['idempotency-key'] ? { idempotencyKey: values['idempotency-key'] } : {}),
        });
        if (values.json) printJson(io, result);
        else printResult(io, result);
        return result.ok ? EXIT.ok : EXIT.failed;
      },
      io,
    );
  },
};
