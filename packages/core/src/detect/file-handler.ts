import { AffordanceError } from '../errors/action-error.js';
import { checkRelativePath } from './check-relative-path.js';
import type { DetectedAction, DetectedActionHandler, FileAppender } from './types.js';

/** Options of `builtin:file`. */
export interface FileHandlerOptions {
  readonly appender: FileAppender;
  /** `markdown` (default): a `## type` section per action; `jsonl`: one JSON object per line. */
  readonly format?: 'markdown' | 'jsonl';
  /** The file inside the folder; `{type}` is replaced by the action type (default `agent-actions.md` / `.jsonl`). */
  readonly file?: string;
  /** Let an action pick its file with a `file` field (still inside the folder). Default false. */
  readonly allowActionPath?: boolean;
  readonly now?: () => Date;
}

/** `builtin:file`: append each action to a Markdown or JSON Lines file inside the appender's folder. */
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
  return async (action, { signal }) => {
    const chosen =
      options.allowActionPath && typeof action.metadata.file === 'string' ? action.metadata.file : template;
    const checked = checkRelativePath(chosen.replaceAll('{type}', action.type));
    if (!checked.ok)
      throw new Error(`builtin:file refused the path ${JSON.stringify(chosen)}: ${checked.reason}`);
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
