import { createGithubClient, type GithubClient, type GithubOptions } from './github-client.js';
import { GithubError } from './github-error.js';
import type { DetectedAction, DetectedActionHandler } from './types.js';

// GitHub refuses issue titles longer than 256 characters.
const MAX_TITLE = 256;
const RESERVED = new Set(['title', 'labels', 'assignees', 'issue', 'issueNumber']);

/**
 * `builtin:github-issue`: create an issue (`POST /repos/{owner}/{repo}/issues`) titled by the action's `title` or the
 * first line of its content, with the content (and other metadata) as body and the configured plus the action's
 * `labels`. Returns `{ number, url, id }`. The repository comes from the options only, never from the model.
 */
export function createGithubIssueHandler(options: GithubOptions): DetectedActionHandler {
  const client = createGithubClient(options, 'builtin:github-issue');
  return async (action, { signal }) => {
    const title = titleOf(action);
    const labels = [...new Set([...(options.labels ?? []), ...stringList(action.metadata.labels)])];
    const assignees = stringList(action.metadata.assignees);
    const what = `creating the issue ${JSON.stringify(title)} in ${options.owner}/${options.repo}`;
    const data = await client
      .post(
        `/repos/${encodeURIComponent(options.owner)}/${encodeURIComponent(options.repo)}/issues`,
        {
          title,
          body: bodyOf(action),
          ...(labels.length > 0 ? { labels } : {}),
          ...(assignees.length > 0 ? { assignees } : {}),
        },
        signal,
      )
      .catch((error: unknown) => {
        throw failure(client, error, what, signal);
      });
    return { number: data.number, url: data.html_url, id: data.id };
  };
}

/**
 * `builtin:github-comment`: comment on an issue or pull request (`POST /repos/{owner}/{repo}/issues/{issue_number}/comments`)
 * named by the action's `issue` (`12` or `"#12"`) or the configured `issueNumber`. Returns `{ id, url, issueNumber }`.
 */
export function createGithubCommentHandler(options: GithubOptions): DetectedActionHandler {
  const client = createGithubClient(options, 'builtin:github-comment');
  return async (action, { signal }) => {
    const issueNumber =
      issueNumberOf(action.metadata.issue ?? action.metadata.issueNumber) ?? options.issueNumber;
    if (issueNumber === undefined) {
      throw new Error(
        'builtin:github-comment needs an issue number: add "issue": 12 to the block or set github.issueNumber',
      );
    }
    const what = `commenting on ${options.owner}/${options.repo}#${issueNumber}`;
    const data = await client
      .post(
        `/repos/${encodeURIComponent(options.owner)}/${encodeURIComponent(options.repo)}/issues/${issueNumber}/comments`,
        { body: bodyOf(action) },
        signal,
      )
      .catch((error: unknown) => {
        throw failure(client, error, what, signal);
      });
    return { id: data.id, url: data.html_url, issueNumber };
  };
}

// Say what was being done; keep the code and details of a GithubError, and never pass on a raw error as the cause.
function failure(client: GithubClient, error: unknown, what: string, signal: AbortSignal): unknown {
  if (signal.aborted && error === signal.reason) return error;
  const message = client.mask(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  return GithubError.isInstance(error)
    ? new GithubError(error.code, message, error.details)
    : new Error(message);
}

function titleOf(action: DetectedAction): string {
  const given = typeof action.metadata.title === 'string' ? action.metadata.title : '';
  const firstLine = action.content.split('\n').find((line) => line.trim() !== '') ?? '';
  const title = (given.trim() || firstLine.replace(/^#+\s*/, '').trim() || action.type).replace(/\s+/g, ' ');
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}

function bodyOf(action: DetectedAction): string {
  const details = Object.entries(action.metadata)
    .filter(([key]) => !RESERVED.has(key))
    .map(([key, value]) => `- **${key}**: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [action.content.trim(), ...(details.length > 0 ? ['', ...details] : [])].join('\n');
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
}

function issueNumberOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.replace(/^#/, ''))
        : Number.NaN;
  return Number.isInteger(number) && number > 0 ? number : undefined;
}
