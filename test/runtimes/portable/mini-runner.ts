import type { ContractTestApi } from '@affordance/core/testing';
import { expect } from './expect.js';

type Body = () => Promise<void> | void;

interface Suite {
  readonly name: string;
  readonly children: Array<Suite | Test>;
  readonly beforeEach: Body[];
  readonly afterAll: Body[];
}

interface Test {
  readonly name: string;
  readonly body: Body;
}

/** One test's outcome: its full name (suites joined by ` > `), and the error message when it failed. */
export interface TestOutcome {
  readonly name: string;
  readonly ok: boolean;
  readonly error?: string;
}

/** What a run of the collected tests gives: counts and every failure. */
export interface RunSummary {
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly TestOutcome[];
  readonly names: readonly string[];
  readonly ms: number;
}

/** A test runner small enough to bundle into any runtime: collect with `api`, then `run` in declaration order. */
export interface MiniRunner {
  readonly api: ContractTestApi;
  /** The full names of the collected tests, without running them. */
  names(): string[];
  run(options?: { readonly testTimeoutMs?: number }): Promise<RunSummary>;
}

/** Create a runner; hand its `api` to a suite (e.g. `describeStoreContract`), then call `run`. */
export function createMiniRunner(): MiniRunner {
  const root: Suite = { name: '', children: [], beforeEach: [], afterAll: [] };
  let current = root;
  const api: ContractTestApi = {
    describe(name, body) {
      const suite: Suite = { name, children: [], beforeEach: [], afterAll: [] };
      current.children.push(suite);
      const parent = current;
      current = suite;
      try {
        body();
      } finally {
        current = parent;
      }
    },
    it: (name, body) => void current.children.push({ name, body }),
    expect,
    beforeEach: (body) => void current.beforeEach.push(body),
    afterAll: (body) => void current.afterAll.push(body),
  };
  return {
    api,
    names: () => namesOf(root, []),
    async run({ testTimeoutMs = 20_000 } = {}) {
      const started = Date.now();
      const outcomes: TestOutcome[] = [];
      await runSuite(root, [], [], outcomes, testTimeoutMs);
      const failures = outcomes.filter((outcome) => !outcome.ok);
      return {
        passed: outcomes.length - failures.length,
        failed: failures.length,
        failures,
        names: outcomes.map((outcome) => outcome.name),
        ms: Date.now() - started,
      };
    },
  };
}

async function runSuite(
  suite: Suite,
  path: readonly string[],
  hooks: readonly Body[],
  outcomes: TestOutcome[],
  timeoutMs: number,
): Promise<void> {
  const inner = [...hooks, ...suite.beforeEach];
  const here = suite.name ? [...path, suite.name] : path;
  for (const child of suite.children) {
    if ('children' in child) {
      await runSuite(child, here, inner, outcomes, timeoutMs);
      continue;
    }
    const name = [...here, child.name].join(' > ');
    try {
      await withTimeout(async () => {
        for (const hook of inner) await hook();
        await child.body();
      }, timeoutMs);
      outcomes.push({ name, ok: true });
    } catch (error) {
      outcomes.push({ name, ok: false, error: messageOf(error) });
    }
  }
  for (const hook of suite.afterAll) {
    try {
      await withTimeout(hook, timeoutMs);
    } catch (error) {
      outcomes.push({ name: [...here, '(afterAll)'].join(' > '), ok: false, error: messageOf(error) });
    }
  }
}

function namesOf(suite: Suite, path: readonly string[]): string[] {
  const here = suite.name ? [...path, suite.name] : path;
  return suite.children.flatMap((child) =>
    'children' in child ? namesOf(child, here) : [[...here, child.name].join(' > ')],
  );
}

async function withTimeout(body: Body, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([Promise.resolve().then(body), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
