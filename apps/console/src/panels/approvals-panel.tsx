import { type ReactNode, useState } from 'react';
import type { PendingApproval, RunResult } from '../api/types.js';
import { formatJson, formatTime, targetIdOf } from './format.js';

/** The approvals inbox: calls paused for a person's decision, each with Approve and Deny. */
export function ApprovalsPanel(props: {
  readonly approvals: readonly PendingApproval[];
  readonly decide: (id: string, decision: 'approve' | 'deny') => Promise<RunResult>;
  readonly notify: (message: string, tone?: 'ok' | 'error') => void;
}): ReactNode {
  const [busy, setBusy] = useState<string | undefined>();
  if (props.approvals.length === 0) {
    return (
      <p className="empty">Nothing waits for approval. Destructive actions (such as Delete) pause here.</p>
    );
  }
  const decide = async (approval: PendingApproval, decision: 'approve' | 'deny') => {
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
  return (
    <ul className="approvals" aria-label="Pending approvals">
      {props.approvals.map((approval) => (
        <li key={approval.id} className="approval" data-approval={approval.id}>
          <div className="call-head">
            <code className="call-name">{approval.name}</code>
            {targetIdOf(approval.args) ? (
              <span className="call-target">{targetIdOf(approval.args)}</span>
            ) : null}
            <span className="call-meta">
              {approval.user?.id ?? 'anonymous'} · {formatTime(approval.requestedAt)}
            </span>
          </div>
          <pre className="json">{formatJson(approval.args)}</pre>
          <div className="form-buttons">
            <button
              type="button"
              className="button-quiet"
              disabled={busy === approval.id}
              onClick={() => void decide(approval, 'deny')}
            >
              Deny
            </button>
            <button
              type="button"
              className="button-primary"
              disabled={busy === approval.id}
              onClick={() => void decide(approval, 'approve')}
            >
              Approve
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
