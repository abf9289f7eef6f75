// The model side replays Chat Completions streams built on a recording from test/fixtures/provider-streams
// (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '@affordance/store-postgres';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ReplayModel, replyFrames, startReplayModel } from './replay-model.js';
import { runCli } from './run-cli.js';

// Every test here starts real `affordance` processes (tsx + PGlite), so each gets a generous timeout.
const SLOW = 180_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-agent-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let replay: ReplayModel | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

const paint = { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } };
const env = (model: ReplayModel) => ({
  AFFORDANCE_MODEL: 'openai:replay-model',
  OPENAI_BASE_URL: model.baseURL,
  OPENAI_API_KEY: '',
});

describe('affordance agent', () => {
  it(
    'runs the loop with live output, exits 0 when done, and records the session in the data folder',
    async () => {
      replay = await startReplayModel([
        replyFrames('Painting shape-1.', [paint]),
        replyFrames('Shape 1 is red.'),
      ]);
      const data = join(folder, 'live');
      const run = await runCli(['agent', 'Make shape-1 red', '--data', data, '--session', 'cli-run-1'], {
        env: env(replay),
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const lines = run.stdout.split('\n');
      expect(lines).toEqual([
        'session cli-run-1 · native protocol',
        'step 1',
        'Painting shape-1.',
        `→ shape_updateColor ${JSON.stringify(paint.args)}`,
        expect.stringMatching(/^ {2}✓ shape_updateColor \(\d+ ms\)$/),
        'step 2',
        'Shape 1 is red.',
        'Done in 2 steps.',
        '',
      ]);
      expect(replay.server.requests).toHaveLength(2);
      const database = await createPostgresStore({ dataDir: join(data, 'db') });
      try {
        expect(await database.conversations.getSession('cli-run-1')).toMatchObject({
          userId: 'local',
          title: 'Make shape-1 red',
        });
        const messages = await database.conversations.listMessages('cli-run-1');
        expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
        expect(messages[2]?.toolResults?.[0]).toMatchObject({ toolCallId: 'call_paint', ok: true });
        const { records } = await database.audit.query({ sessionId: 'cli-run-1' });
        expect(records.map((record) => record.name)).toEqual(['shape_updateColor']);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'prints newline-delimited events with --json, and exits 1 when the steps run out',
    async () => {
      replay = await startReplayModel([replyFrames('', [paint])]);
      const run = await runCli(
        ['agent', 'Make shape-1 red', '--max-steps', '1', '--json', '--data', join(folder, 'json')],
        { env: env(replay) },
      );
      expect(run.code).toBe(1);
      const events = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; result?: { status: string } });
      expect(events.map((event) => event.type)).toEqual([
        'run-start',
        'step-start',
        'call-start',
        'call-finish',
        'step-finish',
        'run-finish',
      ]);
      expect(events.at(-1)?.result?.status).toBe('max_steps');
    },
    SLOW,
  );

  it(
    'exits 3 with a one-line how-to without a model, and 2 on a wrong command line',
    async () => {
      const none = await runCli(['agent', 'Make shape-1 red', '--data', join(folder, 'none')], {
        env: { AFFORDANCE_MODEL: '' },
      });
      expect(none.code).toBe(3);
      expect(none.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^No model configured: set AFFORDANCE_MODEL=openai:<model>/),
      ]);
      const noTask = await runCli(['agent']);
      expect(noTask.code).toBe(2);
      expect(noTask.stderr).toContain('give the task');
      const badSteps = await runCli(['agent', 'x', '--max-steps', '0']);
      expect(badSteps.code).toBe(2);
      const badTarget = await runCli(['agent', 'x', '--target', 'shape-1']);
      expect(badTarget).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--target must be type:id'),
      });
      const badModel = await runCli(['agent', 'x', '--model', 'cobol']);
      expect(badModel.code).toBe(2);
      expect(badModel.stderr).toContain('--model="cobol" is not <provider>:<model>');
    },
    SLOW,
  );
});
