/** A person's decision on a call that waits for approval. */
export type ApprovalChoice = 'approve' | 'deny';

/** Options of `sendApprovalDecision`. */
export interface SendApprovalDecisionOptions {
  readonly approvalId: string;
  readonly decision: ApprovalChoice;
  /** Base URL of the approvals API (default `/api/approvals`). */
  readonly url?: string;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
}

/** POST `{ decision }` to `{url}/:approvalId`; rejects with the API's status and answer when it is not ok. */
export async function sendApprovalDecision(options: SendApprovalDecisionOptions): Promise<void> {
  const base = (options.url ?? '/api/approvals').replace(/\/$/, '');
  const send = options.fetch ?? fetch;
  const response = await send(`${base}/${encodeURIComponent(options.approvalId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision: options.decision }),
  });
  if (!response.ok)
    throw new Error(`the approvals API answered ${response.status}: ${await response.text()}`);
}
