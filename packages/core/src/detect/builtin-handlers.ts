import type { Logger } from '../action/types.js';
import { silentLogger } from '../observe/logger.js';
import { createFileHandler, type FileHandlerOptions } from './file-handler.js';
import type { GithubOptions } from './github-client.js';
import { createGithubCommentHandler, createGithubIssueHandler } from './github-handlers.js';
import { createLogHandler } from './log-handler.js';
import type { BuiltinHandlerName, DetectedActionHandler } from './types.js';

/** What the built-in handlers need; a built-in whose settings are missing is left out. */
export interface BuiltinHandlerOptions {
  readonly logger?: Logger;
  readonly file?: FileHandlerOptions;
  readonly github?: GithubOptions;
}

/**
 * The built-in handlers by name, for `createActionExecutor({ named })`: `builtin:log` always, `builtin:file` with
 * `file`, `builtin:github-issue` and `builtin:github-comment` with `github` (checked now: a missing token throws).
 */
export function builtinHandlers(
  options: BuiltinHandlerOptions = {},
): Partial<Record<BuiltinHandlerName, DetectedActionHandler>> {
  const handlers: Partial<Record<BuiltinHandlerName, DetectedActionHandler>> = {
    'builtin:log': createLogHandler({ logger: options.logger ?? silentLogger }),
  };
  if (options.file) handlers['builtin:file'] = createFileHandler(options.file);
  if (options.github) {
    handlers['builtin:github-issue'] = createGithubIssueHandler(options.github);
    handlers['builtin:github-comment'] = createGithubCommentHandler(options.github);
  }
  return handlers;
}
