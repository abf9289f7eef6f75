import { describe, expect, it } from 'vitest';
import { maskSecrets } from './mask-secrets.js';
import { redactText, redactWith } from './redact-value.js';
import { compileRedaction } from './redaction-plan.js';
import { isSecretKey } from './secret-keys.js';

const R = '[redacted]';

describe('isSecretKey', () => {
  it.each([
    'githubToken',
    'db_password',
    'apiToken',
    'privateKey',
    'auth_token',
    'cookie',
    'OPENAI_API_KEY',
    'AWS_SECRET_ACCESS_KEY',
    'credentials',
    'pass',
    'password',
    'PWD',
    'apiKey',
    'api_key',
    'x-api-key',
    'Authorization',
    'Set-Cookie',
    'clientSecret',
    'refresh_token',
    'authtoken',
    'session',
    'sessionToken',
    'bearer',
    'oauth',
    'jwt',
  ])('%s is secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each([
    'sessionId',
    'session_id',
    'keyboard',
    'monkey',
    'author',
    'authorName',
    'key',
    'sortKey',
    'publicKey',
    'primaryKey',
    'maxTokens',
    'promptTokens',
    'tokenCount',
    'tokenType',
    'hasPassword',
    'passwordLength',
    'color',
    'blockId',
    'name',
    'bypass',
    'compass',
    'tokenizer',
  ])('%s is not secret', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});

describe('maskSecrets', () => {
  it.each([
    ['postgres://app:hunter2@db.example.com:5432/prod', `postgres://app:${R}@db.example.com:5432/prod`],
    ['redis://:s3cret@cache:6379', `redis://:${R}@cache:6379`],
    ['Authorization: Bearer abcdef0123456789', `Authorization: Bearer ${R}`],
    ['Basic dXNlcjpwYXNz', `Basic ${R}`],
    ['key sk-proj-abcdefghijklmnopqrstuv here', `key ${R} here`],
    ['sk-ant-api03-abcdefghijklmnop', R],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', R],
    ['github_pat_11ABCDEFG0123456789_abcdefghij', R],
    ['AKIAIOSFODNN7EXAMPLE', R],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', R],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----', R],
    ['-----BEGIN PRIVATE KEY-----\nMIIEabc (cut', R],
    ['host=db password=s3cr3t user=x', `host=db password=${R} user=x`],
    ['https://api.example.com/v1?token=abc123&page=2', `https://api.example.com/v1?token=${R}&page=2`],
  ])('masks %j', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  it.each([
    'Make it red please',
    '#ff0000',
    'Basic information',
    'https://example.com:8080/path',
    'Unexpected token } in JSON at position 5',
    'the sky is blue',
  ])('leaves %j as it is', (text) => {
    expect(maskSecrets(text)).toBe(text);
  });
});

describe('redactWith', () => {
  it('returns values without secrets as they are (no copy)', () => {
    const args = { name: 'Ada', list: [1, 'two'], nested: { color: '#ff0000' } };
    expect(redactWith(args, compileRedaction(undefined))).toBe(args);
  });

  it('redacts by key name at any depth, inside arrays, and secret-shaped values under any key', () => {
    const args = {
      name: 'Ada',
      githubToken: 'plain-looking',
      pin: 1234,
      remember: true,
      db: { url: 'postgres://u:pw@h/d', db_password: 'p' },
      accounts: [{ apiKey: 'k1' }, { note: 'uses ghp_abcdefghijklmnopqrstuvwxyz0123456789' }],
      credentials: { user: 'a', pass: 'b' },
      cookie: null,
      hasPassword: true,
    };
    expect(redactWith(args, compileRedaction(undefined))).toEqual({
      name: 'Ada',
      githubToken: R,
      pin: 1234,
      remember: true,
      db: { url: `postgres://u:${R}@h/d`, db_password: R },
      accounts: [{ apiKey: R }, { note: `uses ${R}` }],
      credentials: R,
      cookie: null,
      hasPassword: true,
    });
    expect(args.db.db_password).toBe('p');
  });

  it('reads text that is JSON as JSON, and masks pairs in text that is nearly JSON', () => {
    expect(redactWith({ payload: '{"user":"a","password":"hunter 2"}' })).toEqual({
      payload: `{"user":"a","password":"${R}"}`,
    });
    expect(redactWith('[{"token": "t-1"}]')).toBe(`[{"token":"${R}"}]`);
    expect(redactText('{"user": "a", "apiKey": "k-123", "broken": ')).toBe(
      `{"user": "a", "apiKey": "${R}", "broken": `,
    );
    expect(redactText("{password: 'hunter2', x: 1")).toBe(`{password: ${R}, x: 1`);
  });

  it('lets schema hints win both ways, and action paths mark more', () => {
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', writeOnly: true },
        note: { type: 'string', 'x-sensitive': true },
        word: { type: 'string', format: 'password' },
        password: { type: 'string', 'x-sensitive': false },
        tokenSample: { 'x-sensitive': false },
        login: { type: 'object', properties: { secretWord: { type: 'string' }, user: { type: 'string' } } },
        rows: { type: 'array', items: { type: 'object', properties: { pin: { type: 'string' } } } },
      },
    };
    const redaction = compileRedaction(schema, { sensitive: ['login.user', 'rows.*.pin', 'headers.*'] });
    expect(
      redactWith(
        {
          code: '1',
          note: 'n',
          word: 'w',
          password: 'shown on purpose',
          tokenSample: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
          login: { secretWord: 's', user: 'ada' },
          rows: [{ pin: '0000', other: 'x' }],
          headers: { accept: 'json', host: 'h' },
        },
        redaction,
      ),
    ).toEqual({
      code: R,
      note: R,
      word: R,
      password: 'shown on purpose',
      tokenSample: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      login: { secretWord: R, user: R },
      rows: [{ pin: R, other: 'x' }],
      headers: { accept: R, host: R },
    });
  });

  it('adds the registry’s own key names, follows $ref, and keeps __proto__ a plain key', () => {
    const schema = {
      type: 'object',
      properties: { inner: { $ref: '#/$defs/inner' } },
      $defs: { inner: { type: 'object', properties: { code: { type: 'string', writeOnly: true } } } },
    };
    const redaction = compileRedaction(schema, { extraKeys: /^pin$/i });
    expect(redactWith({ inner: { code: 'c' }, PIN: '1' }, redaction)).toEqual({ inner: { code: R }, PIN: R });
    const hostile = JSON.parse('{"__proto__": {"token": "t"}}');
    const redacted = redactWith(hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.hasOwn(redacted, '__proto__')).toBe(true);
    expect(JSON.stringify(redacted)).toBe(`{"__proto__":{"token":"${R}"}}`);
  });

  it('bounds its work on a self-referring value', () => {
    const context: Record<string, unknown> = { a: 1 };
    context.self = context;
    context.other = context;
    expect(() => redactWith(context)).not.toThrow();
  });
});
