// The model's text of a paused call: `errorForModel` of the `approval_required` error `request-approval` makes.
const WAITING = /^Error \(approval_required\):.*waiting as (\S+?)\.?$/m;

/**
 * The approval id of a call that waits for a person's approval: from its `approval_required` error
 * (`details.approvalId`), or from the text the model was given for it ("… waiting as apr_…", as an agent streams it
 * back as the tool result); undefined otherwise.
 */
export function approvalIdOf(call: {
  readonly error?: { readonly code: string; readonly details?: Readonly<Record<string, unknown>> };
  readonly modelOutput?: string;
  readonly result?: unknown;
}): string | undefined {
  if (call.error?.code === 'approval_required') {
    const id = call.error.details?.approvalId;
    if (typeof id === 'string') return id;
  }
  const text = typeof call.result === 'string' ? call.result : call.modelOutput;
  return text ? WAITING.exec(text)?.[1] : undefined;
}
