// `affordance agent` on a call that needs approval: y/n on a terminal, a clear stop without one. The model side
// replays Chat Completions streams built on a recording from test/fixtures/provider-streams (vercel/ai @ed857f5,
// Apache-2.0); see replay-model.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '@affordance/store-postgres';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CliIO } from '../../packages/server/src/cli/cli-io.js';
import { agentCommand } from '../../packages/server/src/cli/commands/agent-command.js';
import { type ReplayModel, replyFrames, startReplayModel } from './replay-model.js';
import { REPO_ROOT, runCli } from './run-cli.js';

const SLOW = 180_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-agent-approval-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let replay: ReplayModel | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await replay?.close();
  replay = undefined;
});

const remove = { id: 'call_remove', name: 'shape_remove', args: { blockId: 'shape-1' } };

// An in-process IO whose terminal answers `answers` in turn, keeping what was printed and asked.
function terminal(answers: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const io: CliIO = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    color: false,
    readStdin: async () => '',
    ask: async (question) => {
      asked.push(question);
      return answers.shift() ?? '';
    },
  };
  return { io, out, err, asked };
}

async function auditOf(data: string, sessionId: string) {
  const database = await createPostgresStore({ dataDir: join(data, 'db') });
  try {
    const { records } = await database.audit.query({ sessionId });
    const messages = await database.conversations.listMessages(sessionId);
    return { records, messages };
  } finally {
    await database.close();
  }
}

describe('affordance agent and approvals', () => {
  it(
    'asks y/n on a terminal with the arguments, runs the call on y, and the model sees its result',
    async () => {
      replay = await startReplayModel([
        replyFrames('Deleting shape-1.', [remove]),
        replyFrames('Shape 1 is gone.'),
      ]);
      vi.stubEnv('AFFORDANCE_MODEL', 'openai:replay-model');
      vi.stubEnv('OPENAI_BASE_URL', replay.baseURL);
      vi.stubEnv('OPENAI_API_KEY', '');
      const data = join(folder, 'yes');
      const { io, out, err, asked } = terminal(['y']);
      const code = await agentCommand.run(['Delete shape-1', '--data', data, '--session', 'cli-yes'], io);
      expect(err.join('')).toContain(
        'shape_remove needs your approval. Arguments:\n{\n  "blockId": "shape-1"\n}',
      );
      expect(asked).toEqual(['Run shape_remove? [y/N] ']);
      expect(code).toBe(0);
      expect(out.join('')).toContain('Shape 1 is gone.');
      const last = replay.server.requests.at(-1)!.body as {
        messages: { role: string; tool_call_id?: string }[];
      };
      expect(last.messages.filter((message) => message.tool_call_id === remove.id)).toHaveLength(1);
      const { records, messages } = await auditOf(data, 'cli-yes');
      expect(records.map((record) => [record.name, record.outcome])).toContainEqual(['shape_remove', 'ok']);
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    },
    SLOW,
  );

  it(
    'denies on n, and the model recovers',
    async () => {
      replay = await startReplayModel([
        replyFrames('Deleting shape-1.', [remove]),
        replyFrames('I kept it.'),
      ]);
      vi.stubEnv('AFFORDANCE_MODEL', 'openai:replay-model');
      vi.stubEnv('OPENAI_BASE_URL', replay.baseURL);
      vi.stubEnv('OPENAI_API_KEY', '');
      const data = join(folder, 'no');
      const { io, out } = terminal(['n']);
      const code = await agentCommand.run(['Delete shape-1', '--data', data, '--session', 'cli-no'], io);
      expect(code).toBe(0);
      expect(out.join('')).toContain('I kept it.');
      const last = replay.server.requests.at(-1)!.body as {
        messages: { content: string; tool_call_id?: string }[];
      };
      const [denied] = last.messages.filter((message) => message.tool_call_id === remove.id);
      expect(denied?.content).toContain('approval_denied');
      const { records } = await auditOf(data, 'cli-no');
      expect(records.map((record) => record.errorCode ?? record.outcome)).not.toContain('ok');
    },
    SLOW,
  );

  it(
    'without a terminal stops with exit 1, naming the approval, and denies it: nothing runs later',
    async () => {
      replay = await startReplayModel([replyFrames('Deleting shape-1.', [remove])]);
      const data = join(folder, 'pipe');
      const run = await runCli(['agent', 'Delete shape-1', '--data', data, '--session', 'cli-pipe'], {
        env: { AFFORDANCE_MODEL: 'openai:replay-model', OPENAI_BASE_URL: replay.baseURL, OPENAI_API_KEY: '' },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /The agent paused: shape_remove \(approval apr_\S+\) needs a person's approval/,
      );
      expect(run.stderr).toContain('no terminal to ask on');
      expect(run.stdout).toContain('Paused after 1 step: waiting for approval.');
      expect(replay.server.requests).toHaveLength(1);
      const database = await createPostgresStore({ dataDir: join(data, 'db') });
      try {
        const approvals = await database.approvals.list({ sessionId: 'cli-pipe' });
        expect(approvals.map((approval) => approval.status)).toEqual(['denied']);
        expect((await database.agentRuns.list({ sessionId: 'cli-pipe' })).map((run) => run.status)).toEqual([
          'cancelled',
        ]);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it.skipIf(!existsSync('/usr/bin/script'))(
    'on a real terminal (script(1), from util-linux) the question is asked and y runs the call',
    async () => {
      replay = await startReplayModel([
        replyFrames('Deleting shape-1.', [remove]),
        replyFrames('Shape 1 is gone.'),
      ]);
      const data = join(folder, 'tty');
      const command = `node --conditions=@affordance/source --import tsx packages/server/src/cli.ts agent "Delete shape-1" --data ${data} --session cli-tty`;
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NO_COLOR: '1',
          DATABASE_URL: '',
          AFFORDANCE_DATA: '',
          TERM: 'xterm',
          AFFORDANCE_MODEL: 'openai:replay-model',
          OPENAI_BASE_URL: replay.baseURL,
          OPENAI_API_KEY: '',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      let answered = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!answered && output.includes('Run shape_remove? [y/N]')) {
          answered = true;
          child.stdin?.write('y\r');
        }
      });
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect(output).toContain('"blockId": "shape-1"');
      expect(output).toContain('Shape 1 is gone.');
      expect(code).toBe(0);
    },
    SLOW,
  );
});
