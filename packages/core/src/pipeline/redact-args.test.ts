import { describe, expect, it } from 'vitest';
import { redactArgs } from './redact-args.js';

const redactKeys = /^(password|token|api[-_]?key)$/i;
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    pin: { type: 'string', writeOnly: true },
    note: { type: 'string', 'x-sensitive': true },
    login: { type: 'object', properties: { secretWord: { type: 'string', format: 'password' } } },
    password: { type: 'string' },
  },
};

describe('redactArgs', () => {
  it('returns flat arguments without secrets as they are (no copy)', () => {
    const args = { name: 'Ada' };
    expect(redactArgs(args, schema, redactKeys)).toBe(args);
    const unknownButSafe = { name: 'Ada', extra: 3 };
    expect(redactArgs(unknownButSafe, schema, redactKeys)).toBe(unknownButSafe);
  });

  it('redacts by schema annotation and by key name, at the top and nested', () => {
    expect(
      redactArgs(
        {
          name: 'Ada',
          pin: '1234',
          note: 'x',
          password: 'p',
          apiKey: 'k',
          login: { secretWord: 'w', user: 'a' },
        },
        schema,
        redactKeys,
      ),
    ).toEqual({
      name: 'Ada',
      pin: '[redacted]',
      note: '[redacted]',
      password: '[redacted]',
      apiKey: '[redacted]',
      login: { secretWord: '[redacted]', user: 'a' },
    });
  });

  it('honours a different redactKeys for the same schema', () => {
    expect(redactArgs({ name: 'Ada' }, schema, /^name$/)).toEqual({ name: '[redacted]' });
    expect(redactArgs({ name: 'Ada' }, schema, redactKeys)).toEqual({ name: 'Ada' });
  });
});
