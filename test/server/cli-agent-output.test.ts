// `affordance agent` with a typed final answer, stop rules and spans, from flags and from agent.json's `run` block.
// The model side replays Chat Completions streams built on a recording from test/fixtures/provider-streams
// (vercel/ai @ed857f5, Apache-2.0): the JSON answers are the recording's text stream with JSON put in (replay-model.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ReplayModel, replayEnv, replyFrames, startReplayModel } from './replay-model.js';
import { runCli } from './run-cli.js';

const SLOW = 180_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-agent-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let replay: ReplayModel | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

const env = (model: ReplayModel) => replayEnv(model.baseURL);
const nowhere = replayEnv('http://127.0.0.1:9');
const schema = {
  type: 'object',
  properties: { shape: { type: 'string' }, color: { type: 'string' } },
  required: ['shape', 'color'],
  additionalProperties: false,
};
const paint = { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } };

function writeJson(name: string, value: unknown): string {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('affordance agent: output, stop rules and telemetry', () => {
  it(
    '--output-schema asks through response_format, prints the validated answer; --trace writes the spans',
    async () => {
      const file = writeJson('answer.schema.json', schema);
      replay = await startReplayModel([
        replyFrames('Painting.', [paint]),
        replyFrames('{"shape":"shape-1","color":"#ff0000"}'),
      ]);
      const run = await runCli(
        ['agent', 'Make shape-1 red', '--output-schema', file, '--trace', '--data', join(folder, 'out')],
        { env: env(replay) },
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Done in 2 steps.');
      expect(run.stdout).toContain(`${JSON.stringify({ shape: 'shape-1', color: '#ff0000' }, null, 2)}\n`);
      const bodies = replay.server.requests.map((request) => request.body);
      for (const body of bodies) {
        expect(body.response_format).toMatchObject({
          type: 'json_schema',
          json_schema: { schema, strict: true },
        });
        expect(body.tools.map((tool: { function: { name: string } }) => tool.function.name)).not.toContain(
          'final_answer',
        );
      }
      const spans = run.stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { span: string; spanId: string; parentSpanId?: string });
      const named = (name: string) => spans.filter((span) => span.span === name);
      const [agent] = named('invoke_agent affordance');
      expect(agent?.parentSpanId).toBeUndefined();
      expect(named('step 1')[0]?.parentSpanId).toBe(agent?.spanId);
      expect(named('step 2')[0]?.parentSpanId).toBe(agent?.spanId);
      expect(named('chat replay-model').map((span) => span.parentSpanId)).toEqual([
        named('step 1')[0]?.spanId,
        named('step 2')[0]?.spanId,
      ]);
      expect(named('execute_tool shape_updateColor')[0]?.parentSpanId).toBe(named('step 1')[0]?.spanId);
    },
    SLOW,
  );

  it(
    'agent.json run: stop rules and the output schema; --max-steps wins over the file',
    async () => {
      const config = writeJson('run.json', {
        run: {
          maxSteps: 1,
          stopWhen: [{ toolCall: 'shape_updateColor' }],
          output: schema,
          outputMode: 'tool',
        },
      });
      replay = await startReplayModel([replyFrames('Painting.', [paint]), replyFrames('never asked')]);
      const run = await runCli(
        ['agent', 'Make shape-1 red', '--config', config, '--max-steps', '3', '--data', join(folder, 'run')],
        { env: env(replay) },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('Stopped after 1 step by hasToolCall("shape_updateColor").');
      expect(run.code).toBe(1);
      const [body] = replay.server.requests.map((request) => request.body);
      expect(body).not.toHaveProperty('response_format');
      expect(body.tools.at(-1).function).toMatchObject({ name: 'final_answer', parameters: schema });
      expect(replay.server.requests).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'refuses a run block or an --output-schema that cannot work, naming each problem (exit 2, no model asked)',
    async () => {
      const config = writeJson('bad.json', {
        run: { maxStep: 3, stopWhen: [{ steps: 2 }], output: { type: 'string' }, telemetry: 'on' },
      });
      const bad = await runCli(['agent', 'x', '--config', config, '--data', join(folder, 'bad')], {
        env: nowhere,
      });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('run.maxStep is not a run setting');
      expect(bad.stderr).toContain(
        'run.stopWhen[0] must be { "stepCount": <n ≥ 1> } or { "toolCall": "<tool name>" }',
      );
      expect(bad.stderr).toMatch(/run\.output is not a usable schema: .*must describe an object/);
      expect(bad.stderr).toContain('run.telemetry must be true, false or { "agentName": "<name>" }');

      const notJson = join(folder, 'schema.txt');
      writeFileSync(notJson, 'type: object');
      const unread = await runCli(['agent', 'x', '--output-schema', notJson], { env: nowhere });
      expect(unread.code).toBe(2);
      expect(unread.stderr).toContain(`--output-schema: cannot read ${notJson} as JSON`);
      const broken = writeJson('broken.schema.json', { type: 'object', required: 'shape' });
      const refused = await runCli(['agent', 'x', '--output-schema', broken], { env: nowhere });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /--output-schema .*broken\.schema\.json is not a usable schema: .*does not compile/,
      );
    },
    SLOW,
  );
});
