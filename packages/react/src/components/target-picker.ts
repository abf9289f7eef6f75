import type { TargetOption } from '@affordance/client';
import { createElement as h, type ReactNode } from 'react';

/** The props of `TargetPicker`. */
export interface TargetPickerProps {
  readonly id: string;
  readonly name: string;
  /** The target type the action acts on: only targets of it are offered. */
  readonly scope: string;
  readonly options: readonly TargetOption[];
  readonly value: string;
  readonly autoFocus: boolean;
  readonly onChange: (id: string) => void;
}

/** A select of the targets of one type, for a scoped action's form when no target is in view. */
export function TargetPicker(props: TargetPickerProps): ReactNode {
  const options = props.options.filter((option) => option.type === props.scope);
  return h(
    'select',
    {
      id: props.id,
      name: props.name,
      autoFocus: props.autoFocus,
      'aria-required': true,
      'data-affordance': 'target-picker',
      value: props.value,
      onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
    },
    h('option', { value: '', disabled: true }, `Choose a ${props.scope}…`),
    ...options.map((option) => h('option', { key: option.id, value: option.id }, option.label ?? option.id)),
  );
}
