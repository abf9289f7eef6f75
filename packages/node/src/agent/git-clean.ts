import { execFile } from 'node:child_process';
import type { CompletionCondition } from '@affordance/core/detect';

/** Options of `checkGitClean`. */
export interface GitCleanOptions {
  /** The working tree (default: the process's working directory). */
  readonly cwd?: string;
  /** Count untracked files as changes (default true). */
  readonly includeUntracked?: boolean;
  readonly signal?: AbortSignal;
}

/** Ok when `git status --porcelain` reports no changes in the working tree; otherwise the message lists them. */
export async function checkGitClean(
  options: GitCleanOptions = {},
): Promise<{ ok: boolean; message: string }> {
  const args = [
    'status',
    '--porcelain',
    `--untracked-files=${options.includeUntracked === false ? 'no' : 'normal'}`,
  ];
  const where = options.cwd ?? process.cwd();
  let stdout: string;
  try {
    stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        'git',
        args,
        { cwd: where, signal: options.signal, maxBuffer: 16 * 1024 * 1024 },
        (error, out, err) => (error ? reject(new Error(String(err).trim() || error.message)) : resolve(out)),
      );
    });
  } catch (error) {
    return { ok: false, message: `git status failed in ${where}: ${(error as Error).message}` };
  }
  const changes = stdout.split('\n').filter((line) => line.trim() !== '');
  if (changes.length === 0) return { ok: true, message: `no changes in ${where}` };
  const shown = changes.slice(0, 20).map((line) => `  ${line}`);
  const more = changes.length > 20 ? [`  … and ${changes.length - 20} more`] : [];
  return {
    ok: false,
    message: [
      `${changes.length} uncommitted change(s) in ${where}; commit or revert them:`,
      ...shown,
      ...more,
    ].join('\n'),
  };
}

/** The `git-clean` completion validator: checks `condition.cwd` (untracked files count unless `includeUntracked` is false). */
export async function gitCleanValidator(context: {
  readonly condition?: CompletionCondition;
  readonly signal: AbortSignal;
}): Promise<{ ok: boolean; message: string }> {
  const condition = (context.condition ?? {}) as { cwd?: unknown; includeUntracked?: unknown };
  return checkGitClean({
    ...(typeof condition.cwd === 'string' ? { cwd: condition.cwd } : {}),
    ...(typeof condition.includeUntracked === 'boolean'
      ? { includeUntracked: condition.includeUntracked }
      : {}),
    signal: context.signal,
  });
}
