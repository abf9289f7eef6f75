import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRegistry, defineAction, type Registry } from '@affordance/core';
import { type ImportChange, type ImportedMCP, importMCP } from '@affordance/mcp/client';
import { listenMCP } from '@affordance/mcp/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_TOOLS, listenBare } from '../support/mcp-bare-server.js';
import { createFixtureRegistry } from '../support/mcp-fixture-registry.js';

const require = createRequire(import.meta.url);
const everythingBin = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const filesystemBin = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

const agent = { id: 'agent-7', roles: ['agent'] };

describe('importMCP: @modelcontextprotocol/server-everything over stdio', () => {
  let registry: Registry;
  let imported: ImportedMCP;

  beforeAll(async () => {
    registry = createRegistry();
    imported = await importMCP(
      { command: process.execPath, args: [everythingBin, 'stdio'], stderr: 'ignore' },
      {
        namespace: 'everything',
        registry,
        roles: ['agent'],
        tools: { 'get-sum': { rateLimit: { points: 2, duration: 60, per: 'user' } }, 'get-env': false },
      },
    );
  });
  afterAll(async () => {
    await imported.close();
  });

  it('registers each remote tool as <namespace>_<tool>, with annotations as behaviour hints', () => {
    const names = registry.names();
    expect(names).toContain('everything_echo');
    expect(names).toContain('everything_get-sum');
    expect(names).not.toContain('everything_get-env');
    expect(names.every((name) => name.startsWith('everything_'))).toBe(true);
    const echo = registry.get('everything_echo')!;
    expect(echo).toMatchObject({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
      roles: ['agent'],
    });
    expect(echo.inputJsonSchema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
  });

  it('runs a remote tool through registry.run, as the user, into the audit log', async () => {
    const result = await registry.run({
      name: 'everything_echo',
      args: { message: 'hi there' },
      user: agent,
      sessionId: 'ev-1',
    });
    expect(result).toMatchObject({ ok: true, modelOutput: 'Echo: hi there' });
    expect(result.ok && result.value).toEqual([{ type: 'text', text: 'Echo: hi there' }]);
    const { records } = await registry.store.audit.query({ sessionId: 'ev-1' });
    expect(records.map(({ name, userId, outcome, args }) => ({ name, userId, outcome, args }))).toEqual([
      { name: 'everything_echo', userId: 'agent-7', outcome: 'ok', args: { message: 'hi there' } },
    ]);
  });

  it('refuses callers without the role, and arguments that break the remote schema, before reaching the server', async () => {
    const stranger = await registry.run({
      name: 'everything_echo',
      args: { message: 'x' },
      user: { id: 'eve' },
      sessionId: 'ev-2',
    });
    expect(stranger).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const badArgs = await registry.run({
      name: 'everything_get-sum',
      args: { a: 'two', b: 3 },
      user: agent,
      sessionId: 'ev-2',
    });
    expect(badArgs).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    const { records } = await registry.store.audit.query({ sessionId: 'ev-2' });
    expect(records.map((record) => record.errorCode).sort()).toEqual(['forbidden', 'invalid_args']);
  });

  it('applies a per-tool rate limit', async () => {
    const user = { id: 'counter', roles: ['agent'] };
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const result = await registry.run({ name: 'everything_get-sum', args: { a: i, b: 1 }, user });
      outcomes.push(result.ok ? result.modelOutput : result.error.code);
    }
    expect(outcomes).toEqual(['The sum of 0 and 1 is 1.', 'The sum of 1 and 1 is 2.', 'rate_limited']);
  });

  it('returns structuredContent for tools with an output schema, checked against it', async () => {
    const tool = registry.get('everything_get-structured-content')!;
    expect(tool.outputJsonSchema).toMatchObject({
      type: 'object',
      properties: { temperature: { type: 'number' } },
    });
    const result = await registry.run({
      name: 'everything_get-structured-content',
      args: { location: 'Chicago' },
      user: agent,
    });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value).toMatchObject({
      temperature: expect.any(Number),
      conditions: expect.any(String),
    });
  });

  it("forwards the remote tool's progress as the registry's call-progress events", async () => {
    const progress: number[] = [];
    const stop = registry.on('call-progress', (event) => progress.push(event.progress.progress));
    const result = await registry.run({
      name: 'everything_trigger-long-running-operation',
      args: { duration: 0.3, steps: 3 },
      user: agent,
    });
    stop();
    expect(result.ok).toBe(true);
    // The server sends its last progress right before the result, and the SDK client handles notifications a
    // microtask after responses, so the last one can arrive after the call has ended.
    expect([
      [1, 2],
      [1, 2, 3],
    ]).toContainEqual(progress);
  });
});

describe('importMCP: @modelcontextprotocol/server-filesystem over stdio on a temporary folder', () => {
  let folder: string;
  let registry: Registry;
  let imported: ImportedMCP;
  const writer = { id: 'wendy', roles: ['reader', 'writer'] };
  const reader = { id: 'rita', roles: ['reader'] };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'mcp-fs-'));
    await writeFile(path.join(folder, 'notes.txt'), 'first line\nsecond line\n');
    registry = createRegistry();
    imported = await importMCP(
      { command: process.execPath, args: [filesystemBin, folder], stderr: 'ignore' },
      {
        namespace: 'fs',
        registry,
        roles: ['reader'],
        tools: { write_file: { roles: ['writer'] }, move_file: { roles: ['writer'], approval: 'always' } },
      },
    );
  });
  afterAll(async () => {
    await imported.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a file through the registry, answering the structured content', async () => {
    const result = await registry.run({
      name: 'fs_read_text_file',
      args: { path: path.join(folder, 'notes.txt') },
      user: reader,
    });
    expect(result).toMatchObject({ ok: true, value: { content: 'first line\nsecond line\n' } });
  });

  it('writes only for the writer role, and the audit log keeps both attempts', async () => {
    const target = path.join(folder, 'out.txt');
    const refused = await registry.run({
      name: 'fs_write_file',
      args: { path: target, content: 'no' },
      user: reader,
      sessionId: 'fs-1',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await expect(readFile(target, 'utf8')).rejects.toThrow();
    const written = await registry.run({
      name: 'fs_write_file',
      args: { path: target, content: 'yes' },
      user: writer,
      sessionId: 'fs-1',
    });
    expect(written.ok).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('yes');
    const { records } = await registry.store.audit.query({ sessionId: 'fs-1' });
    expect(records.map(({ name, userId, outcome }) => ({ name, userId, outcome })).reverse()).toEqual([
      { name: 'fs_write_file', userId: 'rita', outcome: 'error' },
      { name: 'fs_write_file', userId: 'wendy', outcome: 'ok' },
    ]);
  });

  it('turns an isError result into a handler_error carrying the server text', async () => {
    const result = await registry.run({
      name: 'fs_read_text_file',
      args: { path: '/etc/passwd' },
      user: reader,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('handler_error');
    expect(result.modelOutput).toMatch(/^Error \(handler_error\): .*(denied|outside allowed)/i);
  });

  it('holds a tool that needs approval until a person approves it', async () => {
    const from = path.join(folder, 'notes.txt');
    const to = path.join(folder, 'moved.txt');
    const pending = await registry.run({
      name: 'fs_move_file',
      args: { source: from, destination: to },
      user: writer,
    });
    expect(pending).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect(await readFile(from, 'utf8')).toBe('first line\nsecond line\n');
    const approvalId = !pending.ok ? String(pending.error.details?.approvalId) : '';
    const approved = await registry.approvals.approve(approvalId, { by: 'boss' });
    expect(approved.ok).toBe(true);
    expect(await readFile(to, 'utf8')).toBe('first line\nsecond line\n');
  });
});

describe('importMCP over Streamable HTTP', () => {
  it("follows the server's tools/list_changed: registers new tools and unregisters removed ones", async () => {
    const remote = createFixtureRegistry();
    const listener = await listenMCP(remote, { tokens: { secret: { id: 'importer' } } });
    const { server } = listener;
    const local = createRegistry();
    const changes: ImportChange[] = [];
    let changed: () => void = () => {};
    const imported = await importMCP(
      { url: listener.url },
      {
        namespace: 'remote',
        registry: local,
        headers: { authorization: 'Bearer secret' },
        onChange: (change) => {
          changes.push(change);
          changed();
        },
      },
    );
    const next = () =>
      new Promise<void>((resolve) => {
        changed = resolve;
      });
    try {
      expect(local.names()).toEqual(
        remote
          .names()
          .filter((name) => name !== 'reset_board')
          .map((name) => `remote_${name}`),
      );
      expect(changes).toEqual([{ added: local.names(), removed: [], replaced: [] }]);
      // Wait for the standalone stream that carries list_changed, by asking until the first change is seen.
      let waiting = next();
      const stop = remote.register(
        defineAction({
          name: 'late',
          description: 'Arrives later',
          handler: () => 'late answer',
        }),
      );
      await waiting;
      expect(changes.at(-1)).toEqual({ added: ['remote_late'], removed: [], replaced: [] });
      expect(await local.run({ name: 'remote_late' })).toMatchObject({
        ok: true,
        modelOutput: 'late answer',
      });
      waiting = next();
      stop();
      await waiting;
      expect(changes.at(-1)).toEqual({ added: [], removed: ['remote_late'], replaced: [] });
      expect(local.get('remote_late')).toBeUndefined();
    } finally {
      await imported.close();
      expect(local.names()).toEqual([]);
      await listener.close();
      await server.close();
    }
  });

  it('strips regexes that could backtrack catastrophically, with a warning, and keeps the tool', async () => {
    const bare = await listenBare({
      tools: [
        {
          name: 'lookup',
          description: 'Look a code up',
          inputSchema: {
            type: 'object',
            properties: {
              code: { type: 'string', pattern: '^(a+)+$' },
              tag: { type: 'string', pattern: '^[a-z]+$' },
            },
            required: ['code'],
          },
        },
      ],
      call: (_name, args) => ({ content: [{ type: 'text', text: `found ${String(args.code)}` }] }),
    });
    const warnings: string[] = [];
    const imported = await importMCP(
      { url: bare.url },
      { namespace: 'bare', onWarning: (warning) => warnings.push(`${warning.tool}: ${warning.message}`) },
    );
    try {
      expect(warnings).toEqual([
        'bare_lookup: inputSchema #/properties/code/pattern is an unsafe or invalid regex; left out of the local check (the server still checks it)',
      ]);
      const [lookup] = imported.actions;
      expect(lookup!.inputJsonSchema).toEqual({
        type: 'object',
        properties: { code: { type: 'string' }, tag: { type: 'string', pattern: '^[a-z]+$' } },
        required: ['code'],
      });
      const registry = createRegistry({ actions: imported.actions });
      expect(await registry.run({ name: 'bare_lookup', args: { code: 'aaa' } })).toMatchObject({
        ok: true,
        modelOutput: 'found aaa',
      });
    } finally {
      await imported.close();
      await bare.close();
    }
  });

  it('passes the echo of a bare SDK server through unchanged', async () => {
    const bare = await listenBare(ECHO_TOOLS);
    const imported = await importMCP({ url: bare.url }, { namespace: 'plain' });
    try {
      const registry = createRegistry({ actions: imported.actions });
      const result = await registry.run({ name: 'plain_echo', args: { text: 'ping' } });
      expect(result).toMatchObject({
        ok: true,
        value: [{ type: 'text', text: 'ping' }],
        modelOutput: 'ping',
      });
    } finally {
      await imported.close();
      await bare.close();
    }
  });
});
