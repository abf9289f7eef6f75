import type { RunResult, User } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import { statusesOf } from '../../routes/approval-routes.js';
import type { ServerError } from '../../server-error.js';
import { type CliIO, EXIT, paint, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { CommandFailure } from '../command-options.js';
import { expectOk, queryOf, REMOTE_OPTIONS, remoteServer } from '../remote.js';
import { withApp } from '../with-app.js';
import { printResult } from './print-result.js';

const ACTIONS = ['list', 'approve', 'deny', 'retry'] as const;
type Act = (typeof ACTIONS)[number];

/**
 * `affordance approvals [list|approve|deny|retry]`: the approvals inbox. Through `--server` the server's rules
 * apply (approver roles, no self-approval, the requester checked again); on the data folder it acts as the local
 * user, checking the requester against the config's API keys when it has some.
 */
export const approvalsCommand: Command = {
  name: 'approvals',
  summary: 'list approvals, approve, deny or retry one',
  usage: `affordance approvals [list] [--status pending,interrupted,…] [--session id] [--server url] [--json]
affordance approvals approve|deny|retry <id> [--reason text] [--server url] [--json]

  --status  one or more of pending, approved, running, done, failed, interrupted, denied, expired
  --reason  why (kept in the approval's history and the audit record)
  --server  act through the server at this URL (API key from AFFORDANCE_API_KEY) instead of the data folder`,
  async run(args, io) {
    const { values, positionals } = parseCommand(args, {
      status: { type: 'string' },
      session: { type: 'string' },
      reason: { type: 'string' },
      ...REMOTE_OPTIONS,
    });
    const act = (positionals[0] ?? 'list') as Act;
    if (!ACTIONS.includes(act)) throw new UsageError(`unknown action '${act}': use ${ACTIONS.join(', ')}`);
    const id = positionals[1];
    if (act === 'list' ? positionals.length > 1 : !id || positionals.length > 2)
      throw new UsageError(act === 'list' ? 'list takes no id' : `give exactly one approval id to ${act}`);
    let status: PendingApproval['status'][] | undefined;
    try {
      status = statusesOf(values.status);
    } catch (error) {
      throw new UsageError(`--status: ${(error as ServerError).message}`);
    }
    const json = values.json === true;
    const remote = remoteServer(values.server);
    if (remote) {
      if (act === 'list') {
        const path = `/api/approvals${queryOf({ status: status?.join(','), session: values.session })}`;
        return showList(
          io,
          (expectOk(await remote.request(path)) as { approvals: PendingApproval[] }).approvals,
          json,
        );
      }
      const path = `/api/approvals/${encodeURIComponent(id!)}${act === 'retry' ? '/retry' : ''}`;
      const body = {
        ...(act === 'retry' ? {} : { decision: act }),
        ...(values.reason ? { reason: values.reason } : {}),
      };
      return showResult(
        io,
        expectOk(await remote.request(path, { method: 'POST', body })) as RunResult,
        json,
      );
    }
    return withApp(
      values,
      async ({ registry, user, config }) => {
        if (act === 'list') {
          const listed = await registry.approvals.list({
            ...(status ? { status } : {}),
            ...(values.session ? { sessionId: values.session } : {}),
          });
          return showList(io, listed, json);
        }
        const approval = await registry.approvals.get(id!);
        if (!approval) throw new CommandFailure(`There is no approval ${id}.`);
        const decision = { by: user.id, ...(values.reason ? { reason: values.reason } : {}) };
        const requester = requesterNow(approval, config.keys, user);
        try {
          const result =
            act === 'deny'
              ? await registry.approvals.deny(id!, decision)
              : await registry.approvals[act](id!, { ...decision, requester });
          return showResult(io, result, json);
        } catch (error) {
          throw new CommandFailure((error as Error).message);
        }
      },
      io,
    );
  },
};

// The requester as the config's keys name them now (null when none does); without keys the local user.
function requesterNow(
  approval: PendingApproval,
  keys: Readonly<Record<string, User>> | undefined,
  local: User,
): User | null | undefined {
  const id = approval.user?.id;
  if (id === undefined) return undefined;
  const users = keys && Object.keys(keys).length > 0 ? Object.values(keys) : [local];
  return users.find((candidate) => candidate.id === id) ?? null;
}

function showList(io: CliIO, approvals: readonly PendingApproval[], json: boolean): number {
  if (json) {
    printJson(io, approvals);
    return EXIT.ok;
  }
  for (const approval of approvals) {
    io.out(
      `${paint(io, 'bold', approval.id)} ${paint(io, 'yellow', approval.status)} ${approval.name} ${paint(io, 'dim', `asked by ${approval.user?.id ?? '-'} at ${approval.requestedAt}`)}\n`,
    );
  }
  if (approvals.length === 0) io.out('No approvals match.\n');
  return EXIT.ok;
}

// A denial done is a success of the command; any other failed result (the approved run failed) is not.
function showResult(io: CliIO, result: RunResult, json: boolean): number {
  if (json) printJson(io, result);
  else printResult(io, result);
  return result.ok || result.error.code === 'approval_denied' ? EXIT.ok : EXIT.failed;
}
