import type { ContractAssertion } from '@affordance/core/testing';

/**
 * The matchers of `ContractAssertion` with vitest's meaning, in plain JavaScript so they run in any runtime:
 * `toEqual` compares recursively and ignores properties whose value is undefined, `toMatchObject` checks a subset.
 */
export function expect(actual: unknown): ContractAssertion {
  return assertion(actual, false);
}

function assertion(actual: unknown, negated: boolean): ContractAssertion {
  const check = (pass: boolean, what: string, ...expected: [unknown?]) => {
    if (pass !== negated) return;
    const shown = expected.length > 0 ? ` ${show(expected[0])}` : '';
    throw new Error(`expected ${show(actual)} ${negated ? 'not ' : ''}${what}${shown}`);
  };
  return {
    toBe: (expected) => check(Object.is(actual, expected), 'to be', expected),
    toEqual: (expected) => check(equal(actual, expected), 'to equal', expected),
    toMatchObject: (expected) => check(matches(actual, expected), 'to match object', expected),
    toBeUndefined: () => check(actual === undefined, 'to be undefined'),
    toBeDefined: () => check(actual !== undefined, 'to be defined'),
    toHaveLength: (length) =>
      check((actual as { length?: unknown } | null)?.length === length, 'to have length', length),
    toBeGreaterThan: (expected) => check((actual as number) > expected, 'to be greater than', expected),
    toBeLessThanOrEqual: (expected) =>
      check((actual as number) <= expected, 'to be less than or equal to', expected),
    get not() {
      return assertion(actual, !negated);
    },
  };
}

/** Deep equality as vitest's `toEqual`: same structure and values; undefined properties count as absent. */
export function equal(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (left instanceof Date || right instanceof Date) {
    return left instanceof Date && right instanceof Date && Object.is(left.getTime(), right.getTime());
  }
  if (left instanceof RegExp || right instanceof RegExp) return String(left) === String(right);
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => equal(item, right[index]));
  }
  if (left instanceof Map || right instanceof Map) {
    if (!(left instanceof Map && right instanceof Map) || left.size !== right.size) return false;
    return [...left].every(([key, value]) => right.has(key) && equal(value, right.get(key)));
  }
  if (left instanceof Set || right instanceof Set) {
    if (!(left instanceof Set && right instanceof Set) || left.size !== right.size) return false;
    return [...left].every((value) => right.has(value));
  }
  const leftKeys = definedKeys(left);
  const rightKeys = definedKeys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key) => Object.hasOwn(right, key) && equal((left as never)[key], (right as never)[key]),
  );
}

/** Subset match as vitest's `toMatchObject`: every property of `expected` matches; arrays match item by item. */
export function matches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => matches(actual[index], item))
    );
  }
  if (typeof expected !== 'object' || expected === null || expected instanceof Date)
    return equal(actual, expected);
  if (typeof actual !== 'object' || actual === null) return false;
  return Object.keys(expected).every(
    (key) =>
      key in actual &&
      matches((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]),
  );
}

function definedKeys(value: object): string[] {
  return Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  try {
    const text = JSON.stringify(value);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(value);
  }
}
