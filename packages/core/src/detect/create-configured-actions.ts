import type { Logger } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import { silentLogger } from '../observe/logger.js';
import type { AgentActionsConfig } from './agent-config.js';
import { builtinHandlers } from './builtin-handlers.js';
import { type ActionDetector, createActionDetector } from './create-action-detector.js';
import { type ActionExecutor, createActionExecutor } from './create-action-executor.js';
import type { DetectedActionHandler, FileAppender } from './types.js';

/** What the configured built-ins need from the host: a file system port, a GitHub token, custom handlers. */
export interface ConfiguredActionsOptions {
  readonly logger?: Logger;
  /** Needed when a type routes to `builtin:file`: a `FileAppender` for `actions.file.folder`. */
  readonly fileAppender?: FileAppender;
  /** Needed when a type routes to `builtin:github-*` (read it from `actions.github.tokenEnv`). */
  readonly githubToken?: string;
  readonly fetch?: typeof fetch;
  /** Custom handlers by the names `actions.handlers` uses. */
  readonly handlers?: Readonly<Record<string, DetectedActionHandler>>;
  readonly now?: () => Date;
}

/**
 * Build the detector and executor an `actions` block describes. Throws `invalid_option` at once when a routed
 * built-in lacks what it needs (no file appender, no GitHub token), rather than failing on the first record.
 */
export function createConfiguredActions(
  actions: AgentActionsConfig,
  options: ConfiguredActionsOptions = {},
): { readonly detector: ActionDetector; readonly executor: ActionExecutor } {
  const routed = new Set(Object.values(actions.handlers));
  const needsFile = routed.has('builtin:file');
  const needsGithub = routed.has('builtin:github-issue') || routed.has('builtin:github-comment');
  if (needsFile && !options.fileAppender) {
    throw new AffordanceError(
      'invalid_option',
      'actions.handlers uses builtin:file: pass a fileAppender for actions.file.folder',
    );
  }
  if (needsGithub && !actions.github) {
    throw new AffordanceError(
      'invalid_option',
      'actions.handlers uses a GitHub handler: add actions.github with "owner" and "repo"',
    );
  }
  if (needsGithub && !options.githubToken) {
    const variable = actions.github?.tokenEnv ?? 'GITHUB_TOKEN';
    throw new AffordanceError(
      'invalid_option',
      `actions.handlers uses a GitHub handler: set ${variable} to a token that may write issues`,
    );
  }
  const logger = options.logger ?? silentLogger;
  const file = actions.file;
  const github = actions.github;
  const named = builtinHandlers({
    logger,
    ...(needsFile && options.fileAppender
      ? {
          file: {
            appender: options.fileAppender,
            format: file?.format ?? 'markdown',
            ...(file?.file ? { file: file.file } : {}),
            allowActionPath: file?.allowActionPath ?? false,
            ...(file?.extensions ? { extensions: file.extensions } : {}),
            ...(file?.allowPaths ? { allowPaths: file.allowPaths } : {}),
            ...(options.now ? { now: options.now } : {}),
          },
        }
      : {}),
    ...(needsGithub && github && options.githubToken
      ? {
          github: {
            token: options.githubToken,
            owner: github.owner,
            repo: github.repo,
            logger,
            ...(github.baseUrl ? { baseUrl: github.baseUrl } : {}),
            ...(github.labels ? { labels: github.labels } : {}),
            ...(github.issueNumber ? { issueNumber: github.issueNumber } : {}),
            ...(options.fetch ? { fetch: options.fetch } : {}),
          },
        }
      : {}),
  });
  return {
    detector: createActionDetector({ outputFormat: actions.outputFormat, types: actions.types }),
    executor: createActionExecutor({
      handlers: actions.handlers,
      named: { ...named, ...options.handlers },
      logger,
    }),
  };
}
