import { type ReactNode, useState } from 'react';
import type { Decision } from '../api/api-client.js';
import type { PendingApproval, RunResult } from '../api/types.js';
import { formatJson, formatTime, targetIdOf } from './format.js';

const STATUS_LABEL: Partial<Record<PendingApproval['status'], { text: string; tone: string }>> = {
  pending: { text: 'waiting', tone: 'status-waiting' },
  approved: { text: 'approved', tone: 'status-running' },
  running: { text: 'running', tone: 'status-running' },
  interrupted: { text: 'interrupted', tone: 'status-failed' },
};

/**
 * The approvals inbox: calls paused for a person's decision (Approve, Deny), runs in flight, and runs a stopped
 * process interrupted (Retry); each shows its state.
 */
export function ApprovalsPanel(props: {
  readonly approvals: readonly PendingApproval[];
  readonly decide: (id: string, decision: Decision) => Promise<RunResult>;
  readonly notify: (message: string, tone?: 'ok' | 'error') => void;
}): ReactNode {
  const [busy, setBusy] = useState<string | undefined>();
  if (props.approvals.length === 0) {
    return (
      <p className="empty">Nothing waits for approval. Destructive actions (such as Delete) pause here.</p>
    );
  }
  const decide = async (approval: PendingApproval, decision: Decision) => {
    setBusy(approval.id);
    try {
      const result = await props.decide(approval.id, decision);
      if (decision === 'deny') props.notify(`Denied ${approval.name}`);
      else if (result.ok) props.notify(`Approved ${approval.name}: ${result.message ?? 'done'}`, 'ok');
      else props.notify(`${approval.name} failed after approval: ${result.error.message}`, 'error');
    } catch (error) {
      props.notify((error as Error).message, 'error');
    } finally {
      setBusy(undefined);
    }
  };
  const button = (approval: PendingApproval, decision: Decision, label: string, primary: boolean) => (
    <button
      type="button"
      className={primary ? 'button-primary' : 'button-quiet'}
      disabled={busy === approval.id}
      onClick={() => void decide(approval, decision)}
    >
      {label}
    </button>
  );
  return (
    <ul className="approvals" aria-label="Approvals">
      {props.approvals.map((approval) => {
        const status = STATUS_LABEL[approval.status] ?? { text: approval.status, tone: '' };
        return (
          <li
            key={approval.id}
            className="approval"
            data-approval={approval.id}
            data-status={approval.status}
          >
            <div className="call-head">
              <code className="call-name">{approval.name}</code>
              {targetIdOf(approval.args) ? (
                <span className="call-target">{targetIdOf(approval.args)}</span>
              ) : null}
              <span className={`status ${status.tone}`}>{status.text}</span>
              <span className="call-meta">
                {approval.user?.id ?? 'anonymous'} · {formatTime(approval.requestedAt)}
              </span>
            </div>
            <pre className="json">{formatJson(approval.args)}</pre>
            {approval.status === 'interrupted' && approval.outcome?.message ? (
              <p className="call-meta">{approval.outcome.message}</p>
            ) : null}
            <div className="form-buttons">
              {approval.status === 'pending' ? (
                <>
                  {button(approval, 'deny', 'Deny', false)}
                  {button(approval, 'approve', 'Approve', true)}
                </>
              ) : null}
              {approval.status === 'interrupted' ? button(approval, 'retry', 'Retry', true) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
