import type { AgentDecision, AgentInterrupt } from '@affordance/core/agent';
import { type CliIO, paint } from '../cli-io.js';
import { askInput } from './ask-input.js';

/**
 * Ask the person at the terminal about each interrupt (`y` approves, anything else denies), showing the action and
 * its arguments, and what a call asked (see `askInput`); without a terminal, or without a valid answer, say what
 * waits and answer undefined (nothing is decided).
 */
export async function askDecisions(
  io: CliIO,
  interrupts: readonly AgentInterrupt[],
): Promise<AgentDecision[] | undefined> {
  if (!io.ask) {
    const questions = interrupts.filter((interrupt) => interrupt.reason === 'input');
    const approvals = interrupts.filter((interrupt) => interrupt.reason !== 'input');
    if (approvals.length > 0) {
      const waiting = approvals.map((interrupt) => `${interrupt.name} (approval ${interrupt.id})`).join(', ');
      io.err(
        `The agent paused: ${waiting} needs a person's approval, and there is no terminal to ask on. ` +
          'The call was denied and not run; run `affordance agent` in a terminal to answer y/n.\n',
      );
    }
    for (const question of questions) {
      io.err(
        `The agent paused: ${question.name} asks "${question.message}", and there is no terminal to ask on. ` +
          'The run was cancelled; run `affordance agent` in a terminal to answer.\n',
      );
    }
    return undefined;
  }
  const decisions: AgentDecision[] = [];
  for (const interrupt of interrupts) {
    if (interrupt.reason === 'input') {
      const answered = await askInput({ ...io, ask: io.ask }, interrupt);
      if (!answered) {
        io.err(`No valid answer to ${interrupt.name}; the run was cancelled.\n`);
        return undefined;
      }
      decisions.push(answered);
      continue;
    }
    const args = JSON.stringify(interrupt.args, null, 2);
    io.err(`${paint(io, 'yellow', '?')} ${interrupt.name} needs your approval. Arguments:\n${args}\n`);
    const answer = (await io.ask(`Run ${interrupt.name}? [y/N] `)).trim().toLowerCase();
    const approved = answer === 'y' || answer === 'yes';
    decisions.push({
      interruptId: interrupt.id,
      approved,
      ...(approved ? {} : { reason: 'denied at the terminal' }),
    });
  }
  return decisions;
}
