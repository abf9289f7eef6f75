import { parseActions, type RunResult } from '@affordance/core';
import { EXIT, paint, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { withApp } from '../with-app.js';
import { printResult } from './print-result.js';
import { readInput } from './read-input.js';

/** `affordance parse <file|->`: detect the actions in a model's reply; `--run` runs them in order. */
export const parseCommandSpec: Command = {
  name: 'parse',
  summary: "detect the actions in a model's reply (--run executes them)",
  usage: `affordance parse <file|-> [--format auto|json|fenced] [--run] [--session id] [--json]

  exits 1 when a piece of the text could not be read as an action, or a run action failed`,
  async run(args, io) {
    const { values, positionals } = parseCommand(args, {
      format: { type: 'string' },
      run: { type: 'boolean' },
      session: { type: 'string' },
    });
    const source = positionals[0];
    if (!source || positionals.length > 1) throw new UsageError('give one file to read, or - for stdin');
    const format = values.format ?? 'auto';
    if (format !== 'auto' && format !== 'json' && format !== 'fenced') {
      throw new UsageError(`--format must be auto, json or fenced, not '${format}'`);
    }
    const parsed = parseActions(await readInput(source, io, false), { format });
    const calls = parsed.calls.filter((call) => call.name !== 'done');
    if (!values.run) {
      if (values.json) printJson(io, parsed);
      else {
        for (const call of parsed.calls)
          io.out(
            `${paint(io, 'bold', call.name)} ${JSON.stringify(call.args)}${call.repaired ? paint(io, 'dim', ' (repaired)') : ''}\n`,
          );
        for (const error of parsed.errors)
          io.out(`${paint(io, 'red', '✗')} ${error.code}: ${error.message}\n`);
        if (parsed.calls.length === 0 && parsed.errors.length === 0) io.out('No actions found.\n');
      }
      return parsed.errors.length > 0 ? EXIT.failed : EXIT.ok;
    }
    return withApp(
      values,
      async ({ registry, user }) => {
        const results: RunResult[] = [];
        for (const call of calls) {
          const result = await registry.run({
            name: call.name,
            args: call.args,
            user,
            ...(values.session ? { sessionId: values.session } : {}),
          });
          results.push(result);
          if (!values.json) printResult(io, result);
        }
        if (values.json) printJson(io, { format: parsed.format, errors: parsed.errors, results });
        else
          for (const error of parsed.errors)
            io.out(`${paint(io, 'red', '✗')} ${error.code}: ${error.message}\n`);
        return parsed.errors.length > 0 || results.some((result) => !result.ok) ? EXIT.failed : EXIT.ok;
      },
      io,
    );
  },
};
