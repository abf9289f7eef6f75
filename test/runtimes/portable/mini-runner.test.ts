import { describe, expect, it } from 'vitest';
import { expect as portableExpect } from './expect.js';
import { createMiniRunner } from './mini-runner.js';

const fails = (body: () => void) => expect(body).toThrow(/^expected /);

describe('the portable matchers', () => {
  it('compare like vitest: toEqual ignores undefined properties, toMatchObject checks a subset', () => {
    portableExpect({ a: 1, b: undefined, c: [1, { d: new Date(5) }] }).toEqual({
      a: 1,
      c: [1, { d: new Date(5) }],
    });
    fails(() => portableExpect({ a: 1 }).toEqual({ a: 1, b: 2 }));
    fails(() => portableExpect([1, 2]).toEqual([1, 2, 3]));
    fails(() => portableExpect(new Map([['k', 1]])).toEqual(new Map([['k', 2]])));
    portableExpect({ a: 1, b: { c: 2, d: 3 } }).toMatchObject({ b: { c: 2 } });
    fails(() => portableExpect({ a: 1 }).toMatchObject({ a: 1, b: undefined }));
    fails(() => portableExpect({ list: [{ x: 1 }, { x: 2 }] }).toMatchObject({ list: [{ x: 1 }] }));
    portableExpect(Number.NaN).toBe(Number.NaN);
    fails(() => portableExpect({}).toBe({}));
  });

  it('negate with not, and name both values in the message', () => {
    portableExpect(undefined).not.toBeDefined();
    portableExpect([1, 2]).not.toHaveLength(3);
    portableExpect(2).toBeGreaterThan(1);
    portableExpect(2).toBeLessThanOrEqual(2);
    expect(() => portableExpect(3).not.toBe(3)).toThrow('expected 3 not to be 3');
    expect(() => portableExpect('x').toBeUndefined()).toThrow('expected "x" to be undefined');
  });
});

describe('the mini runner', () => {
  it('runs hooks outer first before each test, afterAll once, and reports failures by full name', async () => {
    const runner = createMiniRunner();
    const { api } = runner;
    const seen: string[] = [];
    api.describe('outer', () => {
      api.beforeEach(() => void seen.push('outer hook'));
      api.afterAll(() => void seen.push('outer done'));
      api.describe('inner', () => {
        api.beforeEach(async () => void seen.push('inner hook'));
        api.it('passes', () => void seen.push('passes'));
        api.it('fails', () => api.expect(1).toBe(2));
      });
      api.it('times out', () => new Promise(() => {}));
    });
    expect(runner.names()).toEqual(['outer > inner > passes', 'outer > inner > fails', 'outer > times out']);
    const summary = await runner.run({ testTimeoutMs: 50 });
    expect(summary).toMatchObject({
      passed: 1,
      failed: 2,
      failures: [
        { name: 'outer > inner > fails', ok: false, error: 'Error: expected 1 to be 2' },
        { name: 'outer > times out', ok: false, error: 'Error: timed out after 50 ms' },
      ],
    });
    expect(seen).toEqual([
      'outer hook',
      'inner hook',
      'passes',
      'outer hook',
      'inner hook',
      'outer hook',
      'outer done',
    ]);
  });
});
