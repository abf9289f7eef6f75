import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// Every test here starts real `affordance` processes (tsx + PGlite), so each gets a generous timeout.
const SLOW = 180_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-cli-'));
const data = join(folder, 'data');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('usage', () => {
  it(
    'prints help with exit 0, and refuses unknown commands and bad flags with exit 2',
    async () => {
      const help = await runCli(['--help']);
      expect(help.code).toBe(0);
      for (const name of ['serve', 'list', 'call', 'tools', 'prompt', 'parse', 'audit', 'mcp', 'db'])
        expect(help.stdout).toContain(`  ${name}`);
      const callHelp = await runCli(['call', '--help']);
      expect(callHelp).toMatchObject({ code: 0, stdout: expect.stringContaining('affordance call <name>') });
      const unknown = await runCli(['paint']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("Unknown command 'paint'");
      const badFlag = await runCli(['list', '--colour', 'red']);
      expect(badFlag.code).toBe(2);
      expect(badFlag.stderr).toMatch(/Unknown option '--colour'/);
      const badArgs = await runCli(['call', 'shape_updateColor', '--args', '{nope']);
      expect(badArgs).toMatchObject({ code: 2, stderr: expect.stringContaining('--args is not JSON') });
      const badFormat = await runCli(['tools', '--format', 'cobol']);
      expect(badFormat.code).toBe(2);
    },
    SLOW,
  );
});

describe('commands over a data folder', () => {
  it(
    'calls an action (exit 0), and a failing one (exit 1), reading args from a file',
    async () => {
      const argsFile = join(folder, 'args.json');
      writeFileSync(argsFile, JSON.stringify({ blockId: 'shape-1', color: '#123456' }));
      const ok = await runCli([
        'call',
        'shape_updateColor',
        '--args',
        `@${argsFile}`,
        '--data',
        data,
        '--json',
      ]);
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({
        ok: true,
        name: 'shape_updateColor',
        value: { block: { color: '#123456' } },
      });
      const locked = await runCli([
        'call',
        'shape_updateColor',
        '--args',
        '{"blockId":"shape-2","color":"#123456"}',
        '--data',
        data,
      ]);
      expect(locked.code).toBe(1);
      expect(locked.stdout).toMatch(/✗ shape_updateColor: unavailable .*locked/);
    },
    SLOW,
  );

  it(
    'keeps the document and the audit log in the data folder between processes',
    async () => {
      const list = await runCli(['list', '--target', 'shape:shape-2', '--all', '--json', '--data', data]);
      expect(list.code).toBe(0);
      const actions = JSON.parse(list.stdout) as Array<{ name: string; available: boolean; reason?: string }>;
      expect(actions.find((action) => action.name === 'shape_unlock')).toMatchObject({ available: true });
      expect(actions.find((action) => action.name === 'shape_updateColor')).toMatchObject({
        available: false,
        reason: 'block is locked',
      });
      const audit = await runCli(['audit', '--json', '--data', data]);
      const records = (
        JSON.parse(audit.stdout) as { records: Array<{ name: string; outcome: string; errorCode?: string }> }
      ).records;
      expect(records.map((record) => [record.name, record.outcome, record.errorCode])).toEqual([
        ['shape_updateColor', 'error', 'unavailable'],
        ['shape_updateColor', 'ok', undefined],
      ]);
      const errorsOnly = await runCli(['audit', '--outcome', 'error', '--data', data]);
      expect(errorsOnly.stdout.trim().split('\n')).toHaveLength(1);
      expect((await runCli(['audit', '--outcome', 'maybe', '--data', data])).code).toBe(2);
    },
    SLOW,
  );

  it(
    'prints tools and the actions prompt for a target',
    async () => {
      const tools = await runCli([
        'tools',
        '--format',
        'anthropic',
        '--target',
        'markdown:md-99',
        '--data',
        data,
      ]);
      expect(tools.code).toBe(1);
      expect(tools.stderr).toContain('There is no target markdown:md-99');
      const markdown = await runCli([
        'tools',
        '--format',
        'anthropic',
        '--target',
        'markdown:md-1',
        '--data',
        data,
      ]);
      const names = (JSON.parse(markdown.stdout) as Array<{ name: string }>).map((tool) => tool.name);
      expect(names).toContain('markdown_formatHeading');
      expect(names).not.toContain('shape_resize');
      const prompt = await runCli([
        'prompt',
        '--format',
        'fenced',
        '--target',
        'shape:shape-1',
        '--data',
        data,
      ]);
      expect(prompt.code).toBe(0);
      expect(prompt.stdout).toContain('```agent-action');
      expect(prompt.stdout).toContain('shape_updateColor');
    },
    SLOW,
  );

  it(
    "parses a model's reply from stdin, and runs it with --run",
    async () => {
      const reply =
        'Sure, rotating it.\n```agent-action\n{"action": "shape_rotate", "blockId": "shape-3", "degrees": 30}\n```';
      const parsed = await runCli(['parse', '-', '--json'], { stdin: reply });
      expect(parsed.code).toBe(0);
      expect(JSON.parse(parsed.stdout)).toMatchObject({
        format: 'fenced',
        calls: [{ name: 'shape_rotate', args: { blockId: 'shape-3', degrees: 30 } }],
      });
      const ran = await runCli(['parse', '-', '--run', '--data', data], { stdin: reply });
      expect(ran.code).toBe(0);
      expect(ran.stdout).toMatch(/✓ shape_rotate/);
      const nothing = await runCli(['parse', '-', '--format', 'json'], { stdin: '{"action": ' });
      expect(nothing.code).toBe(1);
    },
    SLOW,
  );

  it(
    'reports and applies migrations',
    async () => {
      const fresh = join(folder, 'fresh');
      const before = await runCli(['db', 'status', '--json', '--data', fresh]);
      expect(before.code).toBe(1);
      expect((JSON.parse(before.stdout) as { current: number; pending: unknown[] }).current).toBe(0);
      const migrated = await runCli(['db', 'migrate', '--data', fresh]);
      expect(migrated).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Applied migrations 1/) });
      const after = await runCli(['db', 'status', '--json', '--data', fresh]);
      expect(after.code).toBe(0);
      expect((JSON.parse(after.stdout) as { pending: unknown[] }).pending).toEqual([]);
      expect((await runCli(['db', 'drop', '--data', fresh])).code).toBe(2);
    },
    SLOW,
  );

  it(
    'loads a TypeScript registry module exporting actions',
    async () => {
      const module = join(folder, 'my-actions.ts');
      writeFileSync(
        module,
        `export const actions = [{
  name: 'greet',
  description: 'Say hello to someone',
  input: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  handler: (input: { name: string }) => ({ greeting: \`hello \${input.name}\` }),
}];
`,
      );
      const result = await runCli([
        'call',
        'greet',
        '--args',
        '{"name":"Ada"}',
        '--registry',
        module,
        '--data',
        join(folder, 'custom'),
        '--json',
      ]);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, value: { greeting: 'hello Ada' } });
      const broken = join(folder, 'broken.js');
      writeFileSync(broken, 'export const nothing = 1;\n');
      const refused = await runCli(['list', '--registry', broken, '--data', join(folder, 'custom')]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('must export `registry`');
    },
    SLOW,
  );
});

describe('serve', () => {
  it(
    'refuses to listen on another address without API keys',
    async () => {
      const refused = await runCli(['serve', '--host', '0.0.0.0', '--data', data]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('refusing to listen on 0.0.0.0 without API keys');
    },
    SLOW,
  );

  it(
    'serves the API, and on SIGTERM stops with exit 0 keeping what was written',
    async () => {
      const served = join(folder, 'served');
      const child = startCli(['serve', '--port', '0', '--data', served]);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const [, url] = await waitForOutput(child, /running at (http:\/\/127\.0\.0\.1:\d+\/)/);
      const health = (await (await fetch(`${url}api/health`)).json()) as { ok: boolean; storage: string };
      expect(health).toMatchObject({ ok: true, storage: expect.stringContaining(served) });
      const run = await fetch(`${url}api/actions/shape_resize/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ args: { blockId: 'shape-1', width: 300, height: 200 }, sessionId: 'served' }),
      });
      expect(await run.json()).toMatchObject({ ok: true });
      const stopped = waitForOutput(child, /Stopped\./);
      child.kill('SIGTERM');
      await stopped;
      expect(await exited).toBe(0);
      const audit = await runCli(['audit', '--session', 'served', '--json', '--data', served]);
      expect(
        (JSON.parse(audit.stdout) as { records: Array<{ name: string }> }).records.map(
          (record) => record.name,
        ),
      ).toEqual(['shape_resize']);
    },
    SLOW,
  );
});
