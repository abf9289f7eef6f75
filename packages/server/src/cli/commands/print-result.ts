import { approvalIdOf, type RunResult } from '@affordance/core';
import { type CliIO, paint } from '../cli-io.js';

/** Print one run result as a line: ✓ with its message, or ✗ with the error code, message and hint. */
export function printResult(io: CliIO, result: RunResult): void {
  if (result.ok) {
    const detail = result.message ?? (result.value === undefined ? '' : JSON.stringify(result.value));
    io.out(
      `${paint(io, 'green', '✓')} ${result.name} ${paint(io, 'dim', `(${Math.round(result.durationMs)} ms)`)}${detail ? `\n  ${detail}` : ''}\n`,
    );
    return;
  }
  const { error } = result;
  io.out(`${paint(io, 'red', '✗')} ${result.name}: ${paint(io, 'yellow', error.code)} ${error.message}\n`);
  if (error.hint) io.out(`  ${paint(io, 'dim', `hint: ${error.hint}`)}\n`);
  const approvalId = approvalIdOf(result);
  if (approvalId) io.out(`  ${paint(io, 'dim', `approval id: ${approvalId}`)}\n`);
}
