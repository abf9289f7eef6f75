import { AffordanceError } from '../errors/action-error.js';
import { checkFilePath, type FilePathPolicy } from './check-file-path.js';
import { checkRelativePath } from './check-relative-path.js';
import { FilePathError } from './file-path-error.js';
import type { DetectedAction, DetectedActionHandler, FileAppender } from './types.js';

/** Options of `builtin:file`; `extensions` and `allowPaths` (where `{type}` is replaced too) widen what it writes. */
export interface FileHandlerOptions extends FilePathPolicy {
  readonly appender: FileAppender;
  /** `markdown` (default): a `## type` section per action; `jsonl`: one JSON object per line. */
  readonly format?: 'markdown' | 'jsonl';
  /** The file inside the folder; `{type}` is replaced by the action type (default `agent-actions.md` / `.jsonl`). */
  readonly file?: string;
  /** Let an action pick its file with a `file` field (still inside the folder). Default false. */
  readonly allowActionPath?: boolean;
  readonly now?: () => Date;
}

/**
 * `builtin:file`: append each action to a Markdown or JSON Lines file inside the appender's folder. The path (the
 * configured one, or the action's `file` with `allowActionPath`) must pass `checkFilePath`: no `..`, no dotfiles,
 * only allowed extensions, unless listed in `allowPaths`. A refused path throws `FilePathError` and writes nothing.
 */
export function createFileHandler(options: FileHandlerOptions): DetectedActionHandler {
  const format = options.format ?? 'markdown';
  if (format !== 'markdown' && format !== 'jsonl') {
    throw new AffordanceError(
      'invalid_option',
      `builtin:file: format must be 'markdown' or 'jsonl', not ${JSON.stringify(format)}`,
    );
  }
  const template = options.file ?? (format === 'markdown' ? 'agent-actions.md' : 'agent-actions.jsonl');
  const now = options.now ?? (() => new Date());
  const extensions = options.extensions;
  if (
    extensions !== undefined &&
    (!Array.isArray(extensions) || !extensions.every((item) => /^\.[A-Za-z0-9][A-Za-z0-9_-]*$/.test(item)))
  ) {
    throw new AffordanceError(
      'invalid_option',
      `builtin:file: extensions must be a list like [".md", ".txt"], not ${JSON.stringify(extensions)}`,
    );
  }
  for (const allowed of options.allowPaths ?? []) {
    const checked = checkRelativePath(allowed);
    if (!checked.ok)
      throw new AffordanceError(
        'invalid_option',
        `builtin:file: allowPaths ${JSON.stringify(allowed)}: ${checked.reason}`,
      );
  }
  return async (action, { signal }) => {
    const chosen =
      options.allowActionPath && typeof action.metadata.file === 'string' ? action.metadata.file : template;
    const path = chosen.replaceAll('{type}', action.type);
    const checked = checkFilePath(path, {
      ...(extensions ? { extensions } : {}),
      allowPaths: (options.allowPaths ?? []).map((allowed) => allowed.replaceAll('{type}', action.type)),
    });
    if (!checked.ok) throw new FilePathError(checked.code, path, checked.reason);
    const time = now().toISOString();
    const text =
      format === 'markdown'
        ? markdownEntry(action, time, options.allowActionPath === true)
        : `${JSON.stringify({ time, type: action.type, content: action.content, metadata: action.metadata })}\n`;
    await options.appender.append(checked.path, text, { signal });
    return { file: checked.path, bytes: new TextEncoder().encode(text).byteLength };
  };
}

function markdownEntry(action: DetectedAction, time: string, hideFile: boolean): string {
  const details = Object.entries(action.metadata)
    .filter(([key]) => !(hideFile && key === 'file'))
    .map(
      ([key, value]) =>
        `- **${key}**: ${typeof value === 'string' && !value.includes('\n') ? value : JSON.stringify(value)}`,
    );
  return [
    `## ${action.type} (${time})`,
    '',
    action.content.trim(),
    '',
    ...(details.length > 0 ? [...details, ''] : []),
    '',
  ].join('\n');
}
