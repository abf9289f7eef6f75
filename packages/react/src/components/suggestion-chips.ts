import {
  type SuggestedAction,
  type SuggestedPrompt,
  type SuggestionChip,
  type Suggestions,
  suggestionChips,
} from '@affordance/client';
import { createElement as h, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { rovingIndex } from './roving-index.js';

/** Props of `SuggestionChips`. */
export interface SuggestionChipsProps {
  readonly suggestions: Suggestions | undefined;
  /** Called with a prompt chip (send its text); without it, prompt chips are left out. */
  readonly onPrompt?: (prompt: SuggestedPrompt) => void;
  /** Called with an action chip (run it, or open its form); without it, action chips are left out. */
  readonly onAction?: (action: SuggestedAction) => void;
  /** The row's accessible name (default `Suggestions`). */
  readonly label?: string;
  /** The answer is being (re)fetched: the row says so to assistive technology. */
  readonly loading?: boolean;
  readonly className?: string;
  /** A class for each chip, or one per chip. */
  readonly chipClassName?: string | ((chip: SuggestionChip) => string | undefined);
  /** The content of one chip (default: the prompt's text, or the action's title). */
  readonly renderChip?: (chip: SuggestionChip) => ReactNode;
}

/**
 * A row of suggestion chips (a toolbar of buttons): Tab enters the row, ← → Home End move between chips, Enter or
 * Space chooses; each chip is announced as what it does. Renders nothing when there is nothing to suggest.
 */
export function SuggestionChips(props: SuggestionChipsProps): ReactNode {
  const [active, setActive] = useState(0);
  const row = useRef<HTMLDivElement>(null);
  const chips = suggestionChips(props.suggestions, {
    prompts: props.onPrompt !== undefined,
    actions: props.onAction !== undefined,
  });
  if (chips.length === 0) return null;
  const current = Math.min(active, chips.length - 1);
  const focus = (index: number) => {
    setActive(index);
    row.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = rovingIndex(event.key, current, chips.length, { axis: 'horizontal', wrap: true });
    if (next === undefined) return;
    event.preventDefault();
    focus(next);
  };
  const choose = (chip: SuggestionChip) => {
    if (chip.kind === 'prompt') props.onPrompt?.(chip.prompt);
    else props.onAction?.(chip.action);
  };
  const classOf = (chip: SuggestionChip) =>
    typeof props.chipClassName === 'function' ? props.chipClassName(chip) : props.chipClassName;
  return h(
    'div',
    {
      ref: row,
      role: 'toolbar',
      'aria-label': props.label ?? 'Suggestions',
      'aria-busy': props.loading === true,
      'data-affordance': 'suggestion-chips',
      className: props.className,
      onKeyDown,
    },
    ...chips.map((chip, index) =>
      h(
        'button',
        {
          key: chip.key,
          type: 'button',
          tabIndex: index === current ? 0 : -1,
          'aria-label': chip.label,
          'data-chip': chip.kind,
          // Not `data-action`: a row inside a palette must not be mistaken for its options.
          'data-suggestion': chip.kind === 'prompt' ? chip.prompt.action : chip.action.name,
          className: classOf(chip),
          onFocus: () => setActive(index),
          onClick: () => choose(chip),
        },
        props.renderChip
          ? props.renderChip(chip)
          : chip.kind === 'prompt'
            ? chip.prompt.text
            : (chip.action.title ?? chip.action.name),
      ),
    ),
  );
}
