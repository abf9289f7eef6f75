import type { ActionEntry } from '@affordance/react';
import type { ReactNode } from 'react';

/** One action in a list: its title and name, and the reason when it is unavailable. */
export function ActionItemContent(props: {
  readonly entry: ActionEntry;
  readonly compact?: boolean;
}): ReactNode {
  const { entry } = props;
  return (
    <>
      <span className="action-title">
        {entry.title ?? entry.name}
        {entry.destructive ? <span className="badge badge-danger">destructive</span> : null}
        {entry.readOnly ? <span className="badge">read-only</span> : null}
      </span>
      {props.compact ? null : <code className="action-name">{entry.name}</code>}
      {entry.available ? (
        props.compact ? null : (
          <span className="action-description">{entry.description}</span>
        )
      ) : (
        <span className="action-reason">{entry.reason ?? 'unavailable'}</span>
      )}
    </>
  );
}
