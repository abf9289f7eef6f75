import { type FormField, isHexColorPattern } from '@affordance/client';
import { createElement as h, type ReactNode } from 'react';

/** What `FieldControl` needs: the field, its raw value and where to send changes. */
export interface FieldControlProps {
  readonly id: string;
  readonly field: FormField;
  readonly value: string | boolean | undefined;
  readonly autoFocus: boolean;
  readonly onChange: (value: string | boolean) => void;
}

/**
 * The control of one generated form field: a checkbox, a select for enums, a number input, a text input (with a
 * colour picker beside it when the pattern is a hex colour) or a JSON textarea.
 */
export function FieldControl(props: FieldControlProps): ReactNode {
  const { id, field, value, onChange } = props;
  const common = {
    id,
    name: field.path.join('.'),
    autoFocus: props.autoFocus,
    'aria-required': field.required,
    'aria-describedby': field.description ? `${id}-hint` : undefined,
  };
  const onText = (event: { target: { value: string } }) => onChange(event.target.value);
  switch (field.kind) {
    case 'boolean':
      return h('input', {
        ...common,
        type: 'checkbox',
        checked: value === true,
        onChange: (event: { target: HTMLInputElement }) => onChange(event.target.checked),
      });
    case 'enum':
      return h(
        'select',
        { ...common, value: String(value ?? ''), onChange: onText },
        h('option', { value: '' }, '—'),
        ...field.options.map((option) =>
          h('option', { key: String(option), value: String(option) }, String(option)),
        ),
      );
    case 'number':
    case 'integer':
      return h('input', {
        ...common,
        type: 'number',
        step: field.kind === 'integer' ? 1 : 'any',
        value: String(value ?? ''),
        onChange: onText,
      });
    case 'string': {
      const text = String(value ?? '');
      const input = h('input', { ...common, type: 'text', value: text, onChange: onText });
      if (!isHexColorPattern(field.pattern)) return input;
      return h(
        'span',
        { 'data-affordance': 'color-field' },
        h('input', {
          type: 'color',
          'aria-label': `${field.label} picker`,
          tabIndex: -1,
          // A colour input cannot be empty: without a colour in the text it shows black, marked as no value.
          'data-empty': /^#[0-9a-f]{6}$/i.test(text) ? undefined : true,
          value: /^#[0-9a-f]{6}$/i.test(text) ? text : '#000000',
          onChange: onText,
        }),
        input,
      );
    }
    case 'json':
      return h('textarea', { ...common, rows: 3, value: String(value ?? ''), onChange: onText });
    default: {
      const unreachable: never = field.kind;
      throw new TypeError(`unknown field kind ${String(unreachable)}`);
    }
  }
}

/** Props of `FieldRow`. */
export interface FieldRowProps {
  readonly id: string;
  readonly field: FormField;
  /** Instead of the field's own label (which gets a `*` when required). */
  readonly label?: string | undefined;
  /** The control, whose id is `id`. */
  readonly children?: ReactNode;
}

/** One field of a generated form: its label, its control, and its description as the hint the control points at. */
export function FieldRow({ id, field, label, children }: FieldRowProps): ReactNode {
  return h(
    'div',
    { 'data-affordance': 'form-field' },
    h('label', { htmlFor: id }, label ?? (field.required ? `${field.label} *` : field.label)),
    children,
    field.description ? h('small', { id: `${id}-hint` }, field.description) : null,
  );
}
