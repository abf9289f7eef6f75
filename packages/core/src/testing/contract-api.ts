/** The matchers the contract suites use; vitest's `expect` (and jest's) satisfies this shape. */
export interface ContractAssertion {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toBeUndefined(): void;
  toBeDefined(): void;
  toHaveLength(length: number): void;
  toBeGreaterThan(expected: number): void;
  toBeLessThanOrEqual(expected: number): void;
  readonly not: ContractAssertion;
}

/**
 * The test functions a contract suite is given, so `@affordance/core` never imports a test runner:
 * pass `{ describe, it, expect, beforeEach, afterAll }` from vitest.
 */
export interface ContractTestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void> | void): void;
  expect(actual: unknown): ContractAssertion;
  beforeEach(body: () => Promise<void> | void, timeoutMs?: number): void;
  afterAll(body: () => Promise<void> | void, timeoutMs?: number): void;
}
