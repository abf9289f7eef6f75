import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStore, createRegistry, defineAction, type RunResult } from '../index.js';

const SECRET = 'S3CR3T-hunter2-Zq';

/** Everything a secret could leak through for one call: the result (message, issues, model text) and the audit. */
async function leaks(registry: ReturnType<typeof createRegistry>, result: RunResult) {
  const { records } = await registry.store.audit.query();
  return JSON.stringify({ result, records });
}

function registryOf(definition: Parameters<typeof defineAction>[0]) {
  return createRegistry({ store: createMemoryStore(), actions: [defineAction(definition)] });
}

const login = (property: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  registryOf({
    name: 'login',
    description: 'Logs in',
    input: { type: 'object', properties: { user: { type: 'string' }, password: property }, ...extra },
    handler: () => 'in',
  });

describe('a sensitive value is never echoed', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['pattern', { type: 'string', writeOnly: true, pattern: '^[a-z]+$' }, SECRET],
    ['enum', { type: 'string', writeOnly: true, enum: ['a', 'b'] }, SECRET],
    ['const', { type: 'string', writeOnly: true, const: 'a' }, SECRET],
    ['type', { type: 'string', writeOnly: true }, 987654321],
    ['minLength', { type: 'string', writeOnly: true, minLength: 40 }, SECRET],
    ['maxLength', { type: 'string', writeOnly: true, maxLength: 3 }, SECRET],
    ['format', { type: 'string', 'x-sensitive': true, format: 'email' }, SECRET],
    ['format: password', { type: 'string', format: 'password', pattern: '^x$' }, SECRET],
    ['a secret key name, no hint', { type: 'string', pattern: '^[a-z]+$' }, SECRET],
  ])(
    '%s: not in the message, the issues, the model text or the audit record',
    async (_kind, property, sent) => {
      const registry = login(property);
      const result = await registry.run({ name: 'login', args: { user: 'ada', password: sent } });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
      if (!result.ok) expect(result.error.message).toContain('a sensitive value (not repeated here)');
      expect(await leaks(registry, result)).not.toContain(String(sent));
    },
  );

  it('hides a value at an action’s `sensitive` path, and one under a secret key in an echoed object', async () => {
    const registry = registryOf({
      name: 'send',
      description: 'Sends',
      sensitive: ['note'],
      input: {
        type: 'object',
        properties: { note: { type: 'string', maxLength: 2 }, meta: { type: 'string' } },
      },
      handler: () => 'sent',
    });
    const result = await registry.run({ name: 'send', args: { note: SECRET, meta: { apiKey: SECRET } } });
    expect(result.ok).toBe(false);
    const text = await leaks(registry, result);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('{\\"apiKey\\":\\"[redacted]\\"}');
  });

  it('hides a secret key of a Standard Schema (zod) input too', async () => {
    const registry = registryOf({
      name: 'connect',
      description: 'Connects',
      input: z.object({ host: z.string(), dbPassword: z.string().regex(/^[a-z]+$/) }),
      handler: () => 'ok',
    });
    const result = await registry.run({ name: 'connect', args: { host: 'h', dbPassword: SECRET } });
    expect(result.ok).toBe(false);
    expect(await leaks(registry, result)).not.toContain(SECRET);
  });

  it('masks secret-shaped text in any field, and in thrown and JSON-parser messages', async () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const registry = registryOf({
      name: 'paint',
      description: 'Paints',
      input: { type: 'object', properties: { color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } } },
      handler: () => {
        throw new Error('connect postgres://app:hunter2pw@db/prod failed');
      },
    });
    const wrong = await registry.run({ name: 'paint', args: { color: token } });
    const thrown = await registry.run({ name: 'paint', args: { color: '#00ff00' } });
    const broken = await registry.run({
      name: 'paint',
      args: `{"color": "#00ff00", password: "${SECRET}" ,,`,
    });
    for (const result of [wrong, thrown, broken]) {
      expect(result.ok).toBe(false);
      const text = await leaks(registry, result);
      expect(text).not.toContain(token);
      expect(text).not.toContain('hunter2pw');
      expect(text).not.toContain(SECRET);
    }
  });

  it('shows a value the schema marks `x-sensitive: false`, whatever its name', async () => {
    const registry = login({ type: 'string', 'x-sensitive': false, pattern: '^[a-z]+$' });
    const result = await registry.run({ name: 'login', args: { user: 'ada', password: 'NOT-SECRET-1' } });
    if (!result.ok) expect(result.error.message).toContain("you sent 'NOT-SECRET-1'");
    const { records } = await registry.store.audit.query();
    expect(records[0]?.args).toEqual({ user: 'ada', password: 'NOT-SECRET-1' });
  });
});

describe('the audit record redacts by pattern', () => {
  it('hides the named secrets, nested, in arrays and in JSON text, and keeps the rest', async () => {
    const registry = registryOf({
      name: 'configure',
      description: 'Configures',
      input: { type: 'object', additionalProperties: true },
      handler: () => 'configured',
    });
    const planted = {
      githubToken: 'planted-1',
      db_password: 'planted-2',
      apiToken: 'planted-3',
      privateKey: 'planted-4',
      auth_token: 'planted-5',
      cookie: 'planted-6',
      OPENAI_API_KEY: 'planted-7',
      AWS_SECRET_ACCESS_KEY: 'planted-8',
      credentials: { user: 'ada', pass: 'planted-9' },
      url: 'postgres://app:planted-10@db.internal/prod',
      list: [{ token: 'planted-11' }],
      json: '{"secret": "planted-12"}',
      sessionId: 'kept-session',
      keyboard: 'kept-keyboard',
      author: 'kept-author',
    };
    const result = await registry.run({ name: 'configure', args: planted });
    expect(result.ok).toBe(true);
    const { records } = await registry.store.audit.query();
    const text = JSON.stringify(records);
    for (let index = 1; index <= 12; index++) expect(text).not.toContain(`planted-${index}`);
    for (const kept of ['kept-session', 'kept-keyboard', 'kept-author', 'db.internal'])
      expect(text).toContain(kept);
  });
});
