import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two GitHub REST endpoints the handlers use, following GitHub's published API
 * (docs.github.com/rest/issues/issues#create-an-issue and /rest/issues/comments#create-an-issue-comment): token or
 * Bearer auth, 201 with the issue or comment and a Location header, and GitHub's error bodies for 401, 403, 404, 410
 * and 422. Served under `/api/v3` like GitHub Enterprise Server.
 */
export interface GithubApiServer {
  readonly baseUrl: string;
  readonly requests: Array<{
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: unknown;
  }>;
  /** Issues per `owner/repo`; a repository missing here answers 404. */
  readonly repos: Map<
    string,
    { issues: Array<Record<string, unknown>>; hasIssues: boolean; locked: Set<number> }
  >;
  close(): Promise<void>;
}

const DOCS = {
  issue: 'https://docs.github.com/rest/issues/issues#create-an-issue',
  comment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
};

export async function startGithubApiServer(options: { token: string }): Promise<GithubApiServer> {
  const requests: GithubApiServer['requests'] = [];
  const repos: GithubApiServer['repos'] = new Map();
  let nextId = 1_000;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return send(response, 400, {
        message: 'Problems parsing JSON',
        documentation_url: 'https://docs.github.com/rest',
        status: '400',
      });
    }
    const path = (request.url ?? '').split('?')[0]!;
    requests.push({ method: request.method ?? '', path, headers: request.headers, body });
    const auth = request.headers.authorization;
    if (!auth)
      return send(response, 401, {
        message: 'Requires authentication',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    if (auth !== `token ${options.token}` && auth !== `Bearer ${options.token}`) {
      return send(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    }
    const issues = /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(path);
    const comments = /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path);
    const match = issues ?? comments;
    if (request.method !== 'POST' || !match)
      return send(response, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      });
    const [owner, repo] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    const docs = issues ? DOCS.issue : DOCS.comment;
    const state = repos.get(`${owner}/${repo}`);
    if (!state) return send(response, 404, { message: 'Not Found', documentation_url: docs, status: '404' });
    if (!state.hasIssues)
      return send(response, 410, {
        message: 'Issues are disabled for this repo',
        documentation_url: docs,
        status: '410',
      });
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return send(response, 415, {
        message: 'Unsupported Media Type',
        documentation_url: docs,
        status: '415',
      });
    }
    const input = (body ?? {}) as Record<string, unknown>;
    const user = { login: 'affordance-bot', id: 42, type: 'Bot', site_admin: false };
    const now = new Date().toISOString();
    const api = `http://${request.headers.host}/api/v3/repos/${owner}/${repo}`;
    const web = `http://${request.headers.host}/${owner}/${repo}`;
    if (issues) {
      if (typeof input.title !== 'string' && typeof input.title !== 'number') {
        return send(response, 422, {
          message: 'Validation Failed',
          errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }],
          documentation_url: docs,
          status: '422',
        });
      }
      const badAssignee = ((input.assignees ?? []) as string[]).find((login) => login !== 'octocat');
      if (badAssignee) {
        return send(response, 422, {
          message: 'Validation Failed',
          errors: [{ value: badAssignee, resource: 'Issue', field: 'assignees', code: 'invalid' }],
          documentation_url: docs,
          status: '422',
        });
      }
      const number = state.issues.length + 1;
      const issue = {
        id: nextId++,
        node_id: `I_kwDO${number}`,
        url: `${api}/issues/${number}`,
        repository_url: api,
        comments_url: `${api}/issues/${number}/comments`,
        html_url: `${web}/issues/${number}`,
        number,
        state: 'open',
        state_reason: null,
        title: String(input.title),
        body: input.body ?? null,
        user,
        labels: ((input.labels ?? []) as string[]).map((name, index) => ({
          id: 200 + index,
          name,
          color: 'ededed',
          default: false,
        })),
        assignee: null,
        assignees: ((input.assignees ?? []) as string[]).map((login) => ({
          login,
          id: 583231,
          type: 'User',
        })),
        milestone: null,
        locked: false,
        comments: 0,
        created_at: now,
        updated_at: now,
        closed_at: null,
        author_association: 'CONTRIBUTOR',
      };
      state.issues.push(issue);
      return send(response, 201, issue, { location: issue.url });
    }
    const number = Number(match[3]);
    const target = state.issues.find((issue) => issue.number === number);
    if (!target) return send(response, 404, { message: 'Not Found', documentation_url: docs, status: '404' });
    if (state.locked.has(number)) {
      return send(response, 403, {
        message: 'Unable to create comment because issue is locked.',
        documentation_url: 'https://docs.github.com/articles/locking-conversations/',
        status: '403',
      });
    }
    if (typeof input.body !== 'string' || input.body.trim() === '') {
      return send(response, 422, {
        message: 'Validation Failed',
        errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }],
        documentation_url: docs,
        status: '422',
      });
    }
    const id = nextId++;
    const comment = {
      id,
      node_id: `IC_kwDO${id}`,
      url: `${api}/issues/comments/${id}`,
      html_url: `${web}/issues/${number}#issuecomment-${id}`,
      issue_url: `${api}/issues/${number}`,
      body: input.body,
      user,
      created_at: now,
      updated_at: now,
      author_association: 'CONTRIBUTOR',
    };
    target.comments = Number(target.comments) + 1;
    return send(response, 201, comment, { location: comment.url });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    repos,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'x-github-media-type': 'github.v3; format=json',
    'x-github-request-id': `0000:${status}:${Date.now()}`,
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    ...headers,
  });
  response.end(JSON.stringify(body));
}
