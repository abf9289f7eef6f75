import { type GithubOptions, githubClient, githubError } from './github-client.js';
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
  const octokit = githubClient(options, 'builtin:github-issue');
  return async (action, { signal }) => {
    const title = titleOf(action);
    const labels = [...new Set([...(options.labels ?? []), ...stringList(action.metadata.labels)])];
    const assignees = stringList(action.metadata.assignees);
    try {
      const response = await octokit.request('POST /repos/{owner}/{repo}/issues', {
        owner: options.owner,
        repo: options.repo,
        title,
        body: bodyOf(action),
        ...(labels.length > 0 ? { labels } : {}),
        ...(assignees.length > 0 ? { assignees } : {}),
        request: { signal },
      });
      return { number: response.data.number, url: response.data.html_url, id: response.data.id };
    } catch (error) {
      throw githubError(
        error,
        `creating the issue ${JSON.stringify(title)} in ${options.owner}/${options.repo}`,
      );
    }
  };
}

/**
 * `builtin:github-comment`: comment on an issue or pull request (`POST /repos/{owner}/{repo}/issues/{issue_number}/comments`)
 * named by the action's `issue` (`12` or `"#12"`) or the configured `issueNumber`. Returns `{ id, url, issueNumber }`.
 */
export function createGithubCommentHandler(options: GithubOptions): DetectedActionHandler {
  const octokit = githubClient(options, 'builtin:github-comment');
  return async (action, { signal }) => {
    const issueNumber =
      issueNumberOf(action.metadata.issue ?? action.metadata.issueNumber) ?? options.issueNumber;
    if (issueNumber === undefined) {
      throw new Error(
        'builtin:github-comment needs an issue number: add "issue": 12 to the block or set github.issueNumber',
      );
    }
    try {
      const response = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: options.owner,
        repo: options.repo,
        issue_number: issueNumber,
        body: bodyOf(action),
        request: { signal },
      });
      return { id: response.data.id, url: response.data.html_url, issueNumber };
    } catch (error) {
      throw githubError(error, `commenting on ${options.owner}/${options.repo}#${issueNumber}`);
    }
  };
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
