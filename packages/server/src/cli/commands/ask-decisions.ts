import type { AgentDecision, AgentInterrupt } from '@affordance/core/agent';
import { type CliIO, paint } from '../cli-io.js';

/**
 * Ask the person at the terminal about each interrupt (`y` approves, anything else denies), showing the action and
 * its arguments; without a terminal, say which approvals wait and answer undefined (nothing is decided).
 */
export async function askDecisions(
  io: CliIO,
  interrupts: readonly AgentInterrupt[],
): Promise<AgentDecision[] | undefined> {
  if (!io.ask) {
    const waiting = interrupts.map((interrupt) => `${interrupt.name} (approval ${interrupt.id})`).join(', ');
    io.err(
      `The agent paused: ${waiting} needs a person's approval, and there is no terminal to ask on. ` +
        'The call was denied and not run; run `affordance agent` in a terminal to answer y/n.\n',
    );
    return undefined;
  }
  const decisions: AgentDecision[] = [];
  for (const interrupt of interrupts) {
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
