import type { CompletionCondition } from '@affordance/core/detect';
import { runCommand } from './run-command.js';

/** Options of `checkTestsPass`. */
export interface TestsPassOptions {
  /** A shell command (`npm test`, `npx vitest run`). */
  readonly command: string;
  readonly cwd?: string;
  /** Time limit; the command's process group is killed when it is reached (default 10 minutes). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;

/** Run a test command with a time limit: ok when it exits 0; otherwise the message has the exit code and output tail. */
export async function checkTestsPass(options: TestsPassOptions): Promise<{ ok: boolean; message: string }> {
  if (typeof options.command !== 'string' || options.command.trim() === '') {
    return { ok: false, message: 'tests-pass: no command was configured' };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const outcome = await runCommand({
    command: options.command,
    timeoutMs,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const tail = outcome.output.trim() === '' ? '' : `\nOutput (last lines):\n${outcome.output.trimEnd()}`;
  if (outcome.timedOut) {
    return {
      ok: false,
      message: `\`${options.command}\` did not finish within ${timeoutMs} ms and was stopped${tail}`,
    };
  }
  if (outcome.aborted)
    return { ok: false, message: `\`${options.command}\` was stopped: the run was aborted` };
  if (outcome.exitCode === 0) return { ok: true, message: `\`${options.command}\` passed` };
  return {
    ok: false,
    message: `\`${options.command}\` failed with exit code ${outcome.exitCode ?? 'none (killed)'}${tail}`,
  };
}

/** The `tests-pass` completion validator: runs `condition.command` in `condition.cwd` within `condition.timeoutMs`. */
export async function testsPassValidator(context: {
  readonly condition?: CompletionCondition;
  readonly signal: AbortSignal;
}): Promise<{ ok: boolean; message: string }> {
  const condition = (context.condition ?? {}) as { command?: unknown; cwd?: unknown; timeoutMs?: unknown };
  return checkTestsPass({
    command: typeof condition.command === 'string' ? condition.command : '',
    ...(typeof condition.cwd === 'string' ? { cwd: condition.cwd } : {}),
    ...(typeof condition.timeoutMs === 'number' ? { timeoutMs: condition.timeoutMs } : {}),
    signal: context.signal,
  });
}
