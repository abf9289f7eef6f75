import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AffordanceError, createRegistry, defineAction, isErrorCode } from '../index.js';

function echoRegistry(limits = {}) {
  const seen: unknown[] = [];
  const registry = createRegistry({
    limits,
    actions: [
      defineAction({
        name: 'echo',
        description: 'Returns its input',
        input: { type: 'object', additionalProperties: true },
        handler: (input) => {
          seen.push(input);
          return input;
        },
      }),
      defineAction({
        name: 'strict',
        description: 'Takes a name',
        input: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 20 } },
          required: ['name'],
          additionalProperties: false,
        },
        handler: (input) => input.name,
      }),
    ],
  });
  return { registry, seen };
}

describe('hostile input', () => {
  it('refuses __proto__ keys and pollutes nothing', async () => {
    const { registry, seen } = echoRegistry();
    const result = await registry.run({ name: 'echo', args: '{"__proto__": {"polluted": true}, "a": 1}' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    if (!result.ok) expect(result.error.message).toContain("'__proto__'");
    const nested = await registry.run({
      name: 'echo',
      args: '{"a": {"b": {"__proto__": {"polluted": true}}}}',
    });
    expect(nested.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it('keeps constructor and prototype as plain data', async () => {
    const { registry } = echoRegistry();
    const result = await registry.run({ name: 'echo', args: '{"constructor": {"prototype": {"x": 1}}}' });
    expect(result).toMatchObject({ ok: true, value: { constructor: { prototype: { x: 1 } } } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses arguments that are too long, too deep or too many', async () => {
    const { registry } = echoRegistry({ maxChars: 1000, maxDepth: 10, maxNodes: 50 });
    const long = await registry.run({ name: 'echo', args: { text: 'x'.repeat(2000) } });
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    const longText = await registry.run({ name: 'echo', args: JSON.stringify({ text: 'x'.repeat(2000) }) });
    expect(longText).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    const deep = await registry.run({ name: 'echo', args: `${'{"a":'.repeat(20)}1${'}'.repeat(20)}` });
    expect(deep).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    if (!deep.ok) expect(deep.error.message).toContain('deeper than 10');
    const many = await registry.run({
      name: 'echo',
      args: { list: Array.from({ length: 100 }, (_, i) => i) },
    });
    expect(many).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
  });

  it('refuses cycles, functions, class instances and non-finite numbers', async () => {
    const { registry } = echoRegistry();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const args of [cyclic, { f: () => 1 }, { m: new Map() }, { n: Number.NaN }, { big: 10n }]) {
      const result = await registry.run({ name: 'echo', args });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    }
  });

  it('copies the arguments, so the caller cannot change them after validation', async () => {
    const { registry, seen } = echoRegistry();
    const args = { list: [1, 2] };
    await registry.run({ name: 'echo', args });
    args.list.push(3);
    expect(seen[0]).toEqual({ list: [1, 2] });
  });

  it('refuses a schema whose pattern can backtrack catastrophically, at definition time', () => {
    expect(() =>
      defineAction({
        name: 'bad',
        description: 'Has an evil regex',
        input: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
      }),
    ).toThrowError(AffordanceError);
    expect(() =>
      defineAction({
        name: 'bad2',
        description: 'Invalid regex',
        input: { type: 'object', properties: { s: { type: 'string', pattern: '([' } } },
      }),
    ).toThrowError(/not a valid regular expression/);
  });

  it('answers every random call with a result, never an exception (property)', async () => {
    const { registry } = echoRegistry({ maxDepth: 20 });
    const names = fc.oneof(
      fc.constantFrom('echo', 'strict', 'ech0', '', '__proto__', 'constructor', 'toString'),
      fc.string(),
    );
    const args = fc.oneof(
      fc.jsonValue(),
      fc.string(),
      fc.string().map((s) => `{${s}`),
      fc.constantFrom(
        '{"__proto__":{"x":1}}',
        '{"name": 5}',
        '{"name": "a", "extra": 1}',
        "{'name': 'x',}",
        'null',
        '[]',
        '{"a":',
      ),
      fc.object(),
    );
    await fc.assert(
      fc.asyncProperty(names, args, async (name, raw) => {
        const result = await registry.run({ name, args: raw });
        expect(typeof result.ok).toBe('boolean');
        expect(typeof result.modelOutput).toBe('string');
        if (!result.ok) expect(isErrorCode(result.error.code)).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('repairs near-JSON and says so', async () => {
    const { registry } = echoRegistry();
    const result = await registry.run({ name: 'strict', args: "{name: 'Ada',}" });
    expect(result).toMatchObject({ ok: true, value: 'Ada', repaired: true });
  });
});
