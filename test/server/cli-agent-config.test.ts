// `affordance agent --config agent.json`: the seeds' runner wired. The model side replays Chat Completions streams
// built on a recording from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ReplayModel, replayEnv, replyFrames, startReplayModel } from './replay-model.js';
import { runCli } from './run-cli.js';

const SLOW = 180_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-agent-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let replay: ReplayModel | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

const env = (model: ReplayModel) => replayEnv(model.baseURL);
const block = (record: Record<string, unknown>) => `\`\`\`agent-action\n${JSON.stringify(record)}\n\`\`\``;

function writeConfig(name: string, value: unknown): string {
  const file = join(folder, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('affordance agent --config agent.json', () => {
  it(
    'runs the detector and executor on every reply and checks the configured completion conditions',
    async () => {
      const config = writeConfig('records', {
        actions: {
          enabled: true,
          types: ['decision', 'note'],
          handlers: { decision: 'builtin:file', note: 'builtin:file' },
          file: { folder: 'records-out', format: 'jsonl' },
        },
        steps: {
          'complete.issue': {
            completionConditions: [{ validator: 'tests-pass', command: 'node -e "process.exit(1)"' }],
            onFailure: { action: 'fail', maxAttempts: 1 },
          },
        },
      });
      replay = await startReplayModel([
        replyFrames(`Deciding.\n${block({ type: 'decision', content: 'Paint it red' })}`, [
          { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } },
        ]),
        replyFrames(block({ type: 'note', content: 'Checked the colour' }), [
          { id: 'call_done', name: 'done', args: {} },
        ]),
      ]);
      const run = await runCli(
        ['agent', 'Make shape-1 red', '--config', config, '--data', join(folder, 'records-data')],
        { env: env(replay) },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/◆ decision Paint it red builtin:file\n/);
      expect(run.stdout).toMatch(/◆ note Checked the colour builtin:file\n/);
      expect(run.stdout).toContain('✗ tests-pass');
      expect(run.stdout).toContain('Finished, but completion conditions failed: tests-pass.');
      expect(run.code).toBe(1);
      const written = readFileSync(join(folder, 'records-out', 'agent-actions.jsonl'), 'utf8')
        .trim()
        .split('\n');
      expect(written.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
        'decision',
        'note',
      ]);
    },
    SLOW,
  );

  it(
    'refuses the legacy issue-action completion rule without --legacy-action-completion, and honours it with',
    async () => {
      const config = writeConfig('legacy', {
        actions: { enabled: true, types: ['issue-action'], handlers: { 'issue-action': 'builtin:log' } },
      });
      const refused = await runCli(
        ['agent', 'Fix it', '--config', config, '--data', join(folder, 'legacy-0')],
        {
          env: replayEnv('http://127.0.0.1:9'),
        },
      );
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        'deprecated: deciding completion from a detected "issue-action" action',
      );
      expect(refused.stderr).toContain('--legacy-action-completion');

      replay = await startReplayModel([
        replyFrames(block({ type: 'issue-action', content: 'Fixed in #12', action: 'close' }), [
          { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#00ff00' } },
        ]),
        replyFrames('never asked'),
      ]);
      const run = await runCli(
        [
          'agent',
          'Fix it',
          '--config',
          config,
          '--legacy-action-completion',
          '--data',
          join(folder, 'legacy-1'),
        ],
        { env: env(replay) },
      );
      expect(run.stderr).toContain('deprecated: deciding completion from a detected "issue-action" action');
      expect(run.stdout).toContain('Done in 1 step.');
      expect(run.code).toBe(0);
      expect(replay.server.requests).toHaveLength(1);
    },
    SLOW,
  );
});
