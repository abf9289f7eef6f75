import { ActionMenu } from '@affordance/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ActionEntry, TargetState } from '../api/types.js';
import { blockLabel } from '../canvas/block-label.js';
import { ActionItemContent } from './action-item.js';
import { useActionList } from './use-action-list.js';

/** Props of `ContextMenu`. */
export interface ContextMenuProps {
  readonly api: ApiClient;
  readonly target: TargetState;
  readonly at: { readonly x: number; readonly y: number };
  readonly revision: number;
  readonly onChoose: (entry: ActionEntry) => void;
  readonly onClose: () => void;
}

/** The context menu of a block: `ActionMenu` of `@affordance/react` over the server's actions for it. */
export function ContextMenu(props: ContextMenuProps): ReactNode {
  const list = useActionList(props.api, { target: props.target, q: '' }, props.revision);
  return (
    <ActionMenu
      actions={list.items}
      at={props.at}
      loading={list.loading}
      error={list.error}
      label={`Actions for ${blockLabel(props.target)}`}
      className="context-menu"
      itemClassName={(entry) => `menu-item${entry.available ? '' : ' unavailable'}`}
      header={<div className="context-menu-head">{blockLabel(props.target)}</div>}
      renderItem={(entry) => <ActionItemContent entry={entry} compact />}
      onChoose={(entry) => props.onChoose(entry as ActionEntry)}
      onClose={props.onClose}
    />
  );
}
