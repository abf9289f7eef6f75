import { createMemoryStore, createRegistry, defineAction, type Logger } from '@affordance/core';
import {
  builtinHandlers,
  createActionExecutor,
  type DetectedActionResult,
  GithubError,
} from '@affordance/core/detect';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type LocalServer,
  refusedBaseUrl,
  startClosingServer,
  startHalfAnsweringServer,
  startReflectingServer,
} from './hostile-github-servers.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function started(server: Promise<LocalServer>): Promise<LocalServer> {
  servers.push(await server);
  return servers.at(-1)!;
}

/** Everything a value shows when serialized or logged: own fields, and an error's message, stack and cause. */
function exposed(value: unknown, seen = new Set<unknown>()): string {
  if (typeof value !== 'object' || value === null) return String(value);
  if (seen.has(value)) return '';
  seen.add(value);
  const parts: string[] = [];
  if (value instanceof Error)
    parts.push(value.name, value.message, value.stack ?? '', exposed(value.cause, seen));
  for (const [key, item] of Object.entries(value)) parts.push(key, exposed(item, seen));
  return parts.join('\n');
}

/** Run one record through builtin:github-issue as an action of a registry, capturing every way out. */
async function fileIssue(token: string, baseUrl: string, title: string) {
  const logs: unknown[] = [];
  const capture = (...args: unknown[]) => void logs.push(args);
  const logger: Logger = { debug: capture, info: capture, warn: capture, error: capture };
  const executor = createActionExecutor({
    handlers: { 'action-item': 'builtin:github-issue' },
    named: builtinHandlers({ logger, github: { token, owner: 'acme', repo: 'app', baseUrl, logger } }),
    logger,
  });
  const detected: DetectedActionResult[] = [];
  const action = defineAction({
    name: 'fileIssue',
    description: 'File an issue on GitHub',
    input: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    handler: async (input: { title: string }) => {
      const [result] = await executor.execute([{ type: 'action-item', content: input.title, metadata: {} }]);
      detected.push(result!);
      if (!result!.success) throw new Error(result!.error);
      return result!.result;
    },
  });
  const store = createMemoryStore();
  const registry = createRegistry({ actions: [action], store, logger });
  const run = await registry.run({ name: 'fileIssue', args: { title } });
  const audit = (await store.audit.query()).records;
  const result = detected[0]!;
  const everything = exposed({ result, run, audit, logs });
  return { result, run, audit, logs, everything };
}

// One token in GitHub's format, one that only exact masking can catch.
describe.each([
  ['a GitHub-format token', `ghp_${'Zq3vK8'.repeat(6)}`],
  ['a token in no known format', 'enterprise-5f2c9d1e8a7b4c3d'],
])('the GitHub handlers never show %s', (_kind, token) => {
  const expectNoToken = (text: string) => {
    expect(text.includes(token), 'the token leaked').toBe(false);
    expect(text.includes(token.slice(-12)), 'the end of the token leaked').toBe(false);
  };

  it('when GitHub reflects the Authorization header in an error body', async () => {
    const server = await started(startReflectingServer());
    const { result, run, audit, everything } = await fileIssue(token, server.baseUrl, 'status 401');
    expect(server.authorizations).toEqual([`token ${token}`]);
    expect(result.error).toMatch(
      /failed: GitHub answered 401 Bad credentials: token \*\*\*: authorization invalid/,
    );
    expect(run.ok).toBe(false);
    expect(run.modelOutput).toContain('GitHub answered 401');
    expect(audit).toHaveLength(1);
    expectNoToken(everything);
  });

  it("when a proxy's error page shows the request headers", async () => {
    const server = await started(startReflectingServer());
    const { result, everything } = await fileIssue(token, server.baseUrl, 'proxy 502');
    expect(result.error).toContain(
      'failed: GitHub answered 502 502 Bad Gateway POST /api/v3/repos/acme/app/issues',
    );
    expectNoToken(everything);
  });

  it('when the rate limit is used up, saying until when', async () => {
    const server = await started(startReflectingServer());
    const { result, everything } = await fileIssue(token, server.baseUrl, 'rate limit');
    expect(result.error).toContain('GitHub answered 403 API rate limit exceeded for token ***');
    expect(result.error).toContain(
      'rate limited: retry after 60 s; rate limit used up until 2026-01-01T00:00:00.000Z',
    );
    expectNoToken(everything);
  });

  it('when the success body reflects it', async () => {
    const server = await started(startReflectingServer());
    const { result, run, everything } = await fileIssue(token, server.baseUrl, 'fine');
    expect(result).toMatchObject({ success: true, result: { number: 1, id: 7 } });
    expect((result.result as { url: string }).url).toMatch(/\/acme\/app\/issues\/1\?seen=\*\*\*$/);
    expect(run.ok).toBe(true);
    expectNoToken(everything);
  });

  it('when GitHub redirects elsewhere: the redirect is not followed, so the token goes nowhere else', async () => {
    const elsewhere = await started(startReflectingServer());
    const server = await started(startReflectingServer({ redirectTo: new URL(elsewhere.baseUrl).origin }));
    const { result, everything } = await fileIssue(token, server.baseUrl, 'redirect');
    expect(result.error).toMatch(/GitHub answered 307 with a redirect to .*, which is not followed/);
    expect(elsewhere.authorizations).toEqual([]);
    expectNoToken(everything);
  });

  it('when the server closes the connection: it says the server could not be reached', async () => {
    const server = await started(startClosingServer());
    const { result, everything } = await fileIssue(token, server.baseUrl, 'x');
    expect(result.error).toBe(
      `creating the issue "x" in acme/app failed: could not reach ${new URL(server.baseUrl).origin}: the connection closed (UND_ERR_SOCKET)`,
    );
    expectNoToken(everything);
  });

  it('when the connection closes halfway through an answer that holds the token', async () => {
    const server = await started(startHalfAnsweringServer());
    const { result, everything } = await fileIssue(token, server.baseUrl, 'x');
    expect(result.error).toMatch(
      /failed: the connection to http:\/\/127\.0\.0\.1:\d+ broke while GitHub answered 500/,
    );
    expectNoToken(everything);
  });

  it('when nothing listens: ECONNREFUSED, not "GitHub answered 500"', async () => {
    const baseUrl = await refusedBaseUrl();
    const { result, run, audit, everything } = await fileIssue(token, baseUrl, 'x');
    expect(result.error).toBe(
      `creating the issue "x" in acme/app failed: could not reach ${new URL(baseUrl).origin}: ECONNREFUSED`,
    );
    expect(audit[0]).toMatchObject({ outcome: 'error' });
    expect(run.modelOutput).toContain('ECONNREFUSED');
    expectNoToken(everything);
  });
});

describe('GithubError', () => {
  it('is what a handler throws: code and status, no raw cause', async () => {
    const server = await started(startReflectingServer());
    const named = builtinHandlers({
      github: { token: 't0ken-xyz', owner: 'acme', repo: 'app', baseUrl: server.baseUrl },
    });
    const handler = named['builtin:github-issue']!;
    const context = {
      signal: new AbortController().signal,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      handler: 'x',
    };
    const error = await Promise.resolve(
      handler({ type: 'action-item', content: 'status 401', metadata: {} }, context),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GithubError);
    expect(error).toMatchObject({
      code: 'http',
      details: { status: 401, githubMessage: 'Bad credentials: token ***' },
    });
    expect((error as Error).cause).toBeUndefined();
  });

  it('refuses a base URL with credentials or another scheme at once', () => {
    for (const baseUrl of ['https://user:pass@ghe.example/api/v3', 'file:///etc', 'not a url'])
      expect(
        () => builtinHandlers({ github: { token: 't', owner: 'a', repo: 'b', baseUrl } }),
        baseUrl,
      ).toThrow(/github\.baseUrl must be an http\(s\) URL without credentials/);
  });
});
