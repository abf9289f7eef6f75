import { type ApprovalChoice, sendApprovalDecision } from '@affordance/client';
import { createElement as h, type ReactNode, useContext, useState } from 'react';
import { AffordanceContext } from '../affordance-context.js';

export type { ApprovalChoice };

/** Props of `ApprovalControl`. */
export interface ApprovalControlProps {
  readonly approvalId: string;
  /** What waits, shown in the prompt (e.g. the action name). */
  readonly label?: string;
  /** Decide yourself; without it the control POSTs `{ decision }` to `{approvalsUrl}/:id`. */
  readonly onDecide?: (decision: {
    readonly approvalId: string;
    readonly decision: ApprovalChoice;
  }) => unknown;
  /** Overrides the provider's `approvalsUrl`. */
  readonly url?: string;
}

/** Approve / Deny buttons for a call waiting as `approval_required`; shows the outcome or the error of the request. */
export function ApprovalControl(props: ApprovalControlProps): ReactNode {
  const provided = useContext(AffordanceContext);
  const [state, setState] = useState<{ phase: 'idle' | 'sending' | 'done' | 'error'; text?: string }>({
    phase: 'idle',
  });

  const decide = async (decision: ApprovalChoice) => {
    setState({ phase: 'sending' });
    try {
      if (props.onDecide) await props.onDecide({ approvalId: props.approvalId, decision });
      else
        await sendApprovalDecision({
          approvalId: props.approvalId,
          decision,
          url: props.url ?? provided?.approvalsUrl,
        });
      setState({ phase: 'done', text: decision === 'approve' ? 'Approved' : 'Denied' });
    } catch (error) {
      setState({ phase: 'error', text: (error as Error)?.message ?? String(error) });
    }
  };

  if (state.phase === 'done') return h('div', { role: 'status', 'data-affordance': 'approval' }, state.text);
  const busy = state.phase === 'sending';
  return h(
    'div',
    { role: 'group', 'aria-label': 'Approval', 'data-affordance': 'approval' },
    h('span', null, `${props.label ?? 'This call'} waits for your approval`),
    h('button', { type: 'button', disabled: busy, onClick: () => decide('approve') }, 'Approve'),
    h('button', { type: 'button', disabled: busy, onClick: () => decide('deny') }, 'Deny'),
    state.phase === 'error' ? h('span', { role: 'alert' }, state.text) : null,
  );
}
