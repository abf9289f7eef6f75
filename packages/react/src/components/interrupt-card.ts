import type { InterruptDecision, PendingInterrupt } from '@affordance/client';
import { createElement as h, type ReactNode, useState } from 'react';
import { InputCard } from './input-card.js';

/** Props of `InterruptCard`. */
export interface InterruptCardProps {
  readonly interrupt: PendingInterrupt;
  /** `useAgentChat().decide`, or your own handler. */
  readonly decide: (interruptId: string, decision: InterruptDecision) => unknown;
}

/**
 * A card for one paused call: what it asks, its arguments, and Approve / Deny / Edit (the arguments as JSON, then
 * "Approve with edits"). Shows the decision once made, and the error when deciding fails. An interrupt that asks
 * for input (`reason: 'input'`) is a form generated from its `responseSchema` instead (`InputCard`).
 */
export function InterruptCard({ interrupt, decide }: InterruptCardProps): ReactNode {
  if (interrupt.reason === 'input') {
    return h(InputCard, {
      interrupt,
      answer: async (answer: unknown) => {
        await decide(interrupt.id, { answer });
      },
    });
  }
  return h(ApprovalCard, { interrupt, decide });
}

function ApprovalCard({ interrupt, decide }: InterruptCardProps): ReactNode {
  const args = (interrupt.metadata as { args?: unknown } | undefined)?.args;
  const [editing, setEditing] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async (decision: InterruptDecision) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await decide(interrupt.id, decision);
    } catch (error) {
      setProblem((error as Error)?.message ?? String(error));
    } finally {
      setBusy(false);
    }
  };
  const approveEdited = () => {
    let edited: unknown;
    try {
      edited = JSON.parse(editing ?? '');
    } catch {
      setProblem('the arguments are not valid JSON');
      return;
    }
    if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) {
      setProblem('the arguments must be a JSON object');
      return;
    }
    void send({ approved: true, editedArgs: edited as Record<string, unknown> });
  };
  const decided = interrupt.decision;
  return h(
    'div',
    { role: 'group', 'aria-label': 'Approval', 'data-affordance': 'interrupt' },
    h('p', null, interrupt.message ?? `The agent waits for you (${interrupt.reason})`),
    args !== undefined && editing === undefined ? h('pre', null, JSON.stringify(args, null, 2)) : null,
    decided
      ? h('p', { role: 'status' }, 'approved' in decided && decided.approved ? 'Approved' : 'Denied')
      : editing !== undefined
        ? h(
            'div',
            null,
            h('textarea', {
              'aria-label': 'Arguments',
              value: editing,
              onChange: (event: { target: { value: string } }) => setEditing(event.target.value),
            }),
            h('button', { type: 'button', disabled: busy, onClick: approveEdited }, 'Approve with edits'),
            h('button', { type: 'button', disabled: busy, onClick: () => setEditing(undefined) }, 'Cancel'),
          )
        : h(
            'div',
            null,
            h(
              'button',
              { type: 'button', disabled: busy, onClick: () => send({ approved: true }) },
              'Approve',
            ),
            h('button', { type: 'button', disabled: busy, onClick: () => send({ approved: false }) }, 'Deny'),
            h(
              'button',
              {
                type: 'button',
                disabled: busy,
                onClick: () => setEditing(JSON.stringify(args ?? {}, null, 2)),
              },
              'Edit',
            ),
          ),
    problem ? h('span', { role: 'alert' }, problem) : null,
  );
}
