import {
  builtinHandlers,
  createActionDetector,
  createActionExecutor,
  type DetectedAction,
} from '@affordance/core/detect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GithubApiServer, startGithubApiServer } from './github-api-server.js';

const TOKEN = 'ghp_testtoken123';
let server: GithubApiServer;

beforeAll(async () => {
  server = await startGithubApiServer({ token: TOKEN });
});
afterAll(() => server.close());

function setup(overrides: { token?: string; repo?: string; issueNumber?: number; labels?: string[] } = {}) {
  const repo = overrides.repo ?? `app-${Math.random().toString(36).slice(2, 8)}`;
  if (!overrides.repo) server.repos.set(`acme/${repo}`, { issues: [], hasIssues: true, locked: new Set() });
  const named = builtinHandlers({
    github: {
      token: overrides.token ?? TOKEN,
      owner: 'acme',
      repo,
      baseUrl: server.baseUrl,
      ...(overrides.issueNumber ? { issueNumber: overrides.issueNumber } : {}),
      ...(overrides.labels ? { labels: overrides.labels } : {}),
    },
  });
  const executor = createActionExecutor({
    handlers: { 'action-item': 'builtin:github-issue', note: 'builtin:github-comment' },
    named,
  });
  return { executor, repo, state: server.repos.get(`acme/${repo}`) };
}

const item = (content: string, metadata: Record<string, unknown> = {}): DetectedAction => ({
  type: 'action-item',
  content,
  metadata,
});
const note = (content: string, metadata: Record<string, unknown> = {}): DetectedAction => ({
  type: 'note',
  content,
  metadata,
});

describe('builtin:github-issue and builtin:github-comment against a local GitHub API', () => {
  it('creates an issue from a detected action-item and comments on it', async () => {
    const { executor, repo, state } = setup({ labels: ['agent'] });
    const detector = createActionDetector({ types: ['action-item'] });
    const detected = detector.detect(
      '```agent-action\n{"type": "action-item", "content": "Add retries to the uploader\\n\\nUploads fail on flaky networks.", "labels": ["bug"], "owner_hint": "infra"}\n```',
    );
    const [created] = await executor.execute(detected);
    expect(created).toMatchObject({
      success: true,
      handler: 'builtin:github-issue',
      result: { number: 1, url: `http://127.0.0.1:${new URL(server.baseUrl).port}/acme/${repo}/issues/1` },
    });
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: `/api/v3/repos/acme/${repo}/issues` });
    expect(request.headers.authorization).toBe(`token ${TOKEN}`);
    expect(request.headers['user-agent']).toContain('affordance');
    expect(request.body).toEqual({
      title: 'Add retries to the uploader',
      body: 'Add retries to the uploader\n\nUploads fail on flaky networks.\n\n- **owner_hint**: infra',
      labels: ['agent', 'bug'],
    });
    expect(state!.issues).toHaveLength(1);

    const [commented] = await executor.execute([note('Root cause found.', { issue: '#1' })]);
    expect(commented).toMatchObject({
      success: true,
      handler: 'builtin:github-comment',
      result: { issueNumber: 1, url: expect.stringContaining('/issues/1#issuecomment-') },
    });
    expect(server.requests.at(-1)).toMatchObject({
      path: `/api/v3/repos/acme/${repo}/issues/1/comments`,
      body: { body: 'Root cause found.' },
    });
  });

  it("turns GitHub's error responses into failed results, one per action, without stopping the others", async () => {
    const { executor, state, repo } = setup({ issueNumber: 7 });
    state!.issues.push({ number: 7, comments: 0 });
    state!.issues.push({ number: 8, comments: 0 });
    state!.locked.add(8);
    const results = await executor.execute([
      item('Assign it', { assignees: ['nobody'] }),
      note('On the default issue'),
      note('On a missing issue', { issue: 99 }),
      note('On a locked issue', { issue: 8 }),
      item('Still created after the failures'),
    ]);
    expect(results.map((result) => result.success)).toEqual([false, true, false, false, true]);
    expect(results[0]!.error).toBe(
      `creating the issue "Assign it" in acme/${repo} failed: GitHub answered 422 Validation Failed: assignees invalid (https://docs.github.com/rest/issues/issues#create-an-issue)`,
    );
    expect(results[1]!.result).toMatchObject({ issueNumber: 7 });
    expect(results[2]!.error).toMatch(
      /#99 failed: GitHub answered 404 Not Found \(https:\/\/docs\.github\.com\/rest\/issues\/comments#create-an-issue-comment\)$/,
    );
    expect(results[3]!.error).toContain(
      'GitHub answered 403 Unable to create comment because issue is locked.',
    );
    expect(results[4]!.result).toMatchObject({ number: 3 });
  });

  it('reports a bad token, a missing repository and disabled issues', async () => {
    const badToken = await setup({ token: 'ghp_wrong' }).executor.execute([item('x')]);
    expect(badToken[0]!.error).toContain('GitHub answered 401 Bad credentials');
    const missing = await setup({ repo: 'does-not-exist' }).executor.execute([item('x')]);
    expect(missing[0]!.error).toContain('GitHub answered 404 Not Found');
    const { executor, state } = setup();
    state!.hasIssues = false;
    expect((await executor.execute([item('x')]))[0]!.error).toContain(
      'GitHub answered 410 Issues are disabled for this repo',
    );
  });

  it('needs an issue number for a comment, and a token up front', async () => {
    const { executor } = setup();
    expect((await executor.execute([note('where?')]))[0]!.error).toMatch(/needs an issue number/);
    expect(() => builtinHandlers({ github: { token: '', owner: 'a', repo: 'b' } })).toThrow(
      /github\.token is required/,
    );
  });

  it('keeps titles within GitHub’s 256 characters', async () => {
    const { executor } = setup();
    await executor.execute([item(`${'long '.repeat(100)}\nbody`)]);
    const title = (server.requests.at(-1)!.body as { title: string }).title;
    expect(title.length).toBe(256);
    expect(title.endsWith('…')).toBe(true);
  });
});
