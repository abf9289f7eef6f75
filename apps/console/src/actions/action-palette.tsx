import { CommandPalette } from '@affordance/react';
import { type ReactNode, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ActionEntry, RunResult, TargetState } from '../api/types.js';
import { blockLabel } from '../canvas/block-label.js';
import { ActionItemContent } from './action-item.js';
import { useActionList } from './use-action-list.js';

/** Props of `ActionPalette`. */
export interface ActionPaletteProps {
  readonly api: ApiClient;
  readonly target: TargetState | undefined;
  /** Every block: the form starts from its block's state, and offers them in a picker with none selected. */
  readonly blocks: readonly TargetState[];
  readonly revision: number;
  /** Open straight on this action's form (chosen from the context menu). */
  readonly initial: ActionEntry | undefined;
  readonly run: (entry: ActionEntry, args: Record<string, unknown>) => Promise<RunResult>;
  readonly onClose: () => void;
  /** Suggested next actions, shown above the list. */
  readonly suggestions?: ReactNode;
}

/**
 * The command palette of `@affordance/react` over the server's "what can I do here?" for the selected block,
 * refetched (ranked by the server) as the query changes, in a modal dialog.
 */
export function ActionPalette(props: ActionPaletteProps): ReactNode {
  const [query, setQuery] = useState('');
  const list = useActionList(props.api, { target: props.target, q: query }, props.revision);
  const { target, onClose, blocks } = props;
  const targets = blocks.map((block) => ({ type: block.type, id: block.id, label: blockLabel(block) }));
  const formValues = (_entry: unknown, id: string | undefined) => blocks.find((block) => block.id === id);
  const run = (name: string, args: Record<string, unknown>) => {
    const entry = list.items.find((item) => item.name === name) ?? props.initial;
    if (!entry || entry.name !== name) throw new Error(`${name} is no longer listed for this block`);
    return props.run(entry, args);
  };
  return (
    <CommandPalette
      open
      onOpenChange={(open) => !open && onClose()}
      modal
      className="palette"
      actions={list.items}
      loading={list.loading}
      {...(list.error !== undefined ? { error: list.error } : {})}
      onQueryChange={setQuery}
      run={async (name, args) => run(name, args)}
      {...(target ? { target: { type: target.type, id: target.id } } : {})}
      {...(props.initial ? { initialAction: props.initial } : {})}
      targets={targets}
      formValues={formValues}
      placeholder={target ? `What do you want to do with ${target.id}?` : 'What do you want to do?'}
      renderItem={(entry) => <ActionItemContent entry={entry} />}
      header={
        <>
          <span className="palette-scope">
            {target ? blockLabel(target) : 'No block selected: every action'}
            {target?.locked ? <span className="badge badge-locked">locked</span> : null}
          </span>
          <kbd>Esc</kbd>
          {props.suggestions}
        </>
      }
      footer={
        <>
          <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> choose · <kbd>Esc</kbd> close
        </>
      }
    />
  );
}
