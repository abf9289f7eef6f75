import type { RunResult } from '@affordance/core';
import { type FormEvent, createElement as h, type ReactNode, useMemo, useState } from 'react';
import { useAffordance } from '../affordance-context.js';
import { type FormField, formArgs, formFields } from '../store/form-fields.js';

/** Props of `ActionForm`. */
export interface ActionFormProps {
  /** The action's qualified name. */
  readonly name: string;
  /** For scoped actions: the target whose id fills the registry's target parameter. */
  readonly target?: { readonly id: string };
  readonly onResult?: (result: RunResult) => void;
  readonly submitLabel?: string;
}

/**
 * A form generated from an action's input JSON Schema that runs the action through the registry on submit and
 * shows the fix-it error when the call fails.
 */
export function ActionForm(props: ActionFormProps): ReactNode {
  const { registry, executeAction } = useAffordance();
  const action = registry.get(props.name);
  const fields = useMemo(() => (action ? formFields(action.inputJsonSchema) : []), [action]);
  const [raw, setRaw] = useState<Record<string, string | boolean>>(() => initialValues(fields));
  const [outcome, setOutcome] = useState<RunResult | undefined>();
  const [busy, setBusy] = useState(false);
  if (!action) return h('p', { role: 'alert' }, `No action named ${props.name} is registered`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const args = formArgs(fields, raw);
    if (action.scope && props.target) args[registry.targetParam] = props.target.id;
    const result = await executeAction(props.name, args);
    setBusy(false);
    setOutcome(result);
    props.onResult?.(result);
  };

  return h(
    'form',
    { onSubmit: submit, 'aria-label': action.title ?? action.name, 'data-affordance': 'action-form' },
    ...fields.map((field) => fieldControl(field, raw, setRaw)),
    h('button', { type: 'submit', disabled: busy }, props.submitLabel ?? action.title ?? 'Run'),
    outcome && !outcome.ok
      ? h(
          'div',
          { role: 'alert' },
          h('p', null, outcome.error.message),
          outcome.error.issues && outcome.error.issues.length > 1
            ? h(
                'ul',
                null,
                ...outcome.error.issues.map((issue, index) => h('li', { key: index }, issue.message)),
              )
            : null,
          outcome.error.hint ? h('p', null, outcome.error.hint) : null,
        )
      : null,
    outcome?.ok ? h('p', { role: 'status' }, outcome.message ?? 'Done') : null,
  );
}

function initialValues(fields: readonly FormField[]): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of fields) {
    const key = field.path.join('.');
    if (field.kind === 'boolean') values[key] = field.defaultValue === true;
    else if (field.defaultValue !== undefined)
      values[key] = field.kind === 'json' ? JSON.stringify(field.defaultValue) : String(field.defaultValue);
  }
  return values;
}

function fieldControl(
  field: FormField,
  raw: Record<string, string | boolean>,
  setRaw: (update: (previous: Record<string, string | boolean>) => Record<string, string | boolean>) => void,
): ReactNode {
  const key = field.path.join('.');
  const id = `affordance-field-${key}`;
  const set = (value: string | boolean) => setRaw((previous) => ({ ...previous, [key]: value }));
  const value = raw[key];
  const common = {
    id,
    name: key,
    'aria-required': field.required,
    'aria-describedby': field.description ? `${id}-hint` : undefined,
  };
  let control: ReactNode;
  switch (field.kind) {
    case 'boolean':
      control = h('input', {
        ...common,
        type: 'checkbox',
        checked: value === true,
        onChange: (event: { target: HTMLInputElement }) => set(event.target.checked),
      });
      break;
    case 'enum':
      control = h(
        'select',
        {
          ...common,
          value: String(value ?? ''),
          onChange: (event: { target: HTMLSelectElement }) => set(event.target.value),
        },
        h('option', { value: '' }, '—'),
        ...field.options.map((option) =>
          h('option', { key: String(option), value: String(option) }, String(option)),
        ),
      );
      break;
    case 'number':
    case 'integer':
      control = h('input', {
        ...common,
        type: 'number',
        step: field.kind === 'integer' ? 1 : 'any',
        value: String(value ?? ''),
        onChange: (event: { target: HTMLInputElement }) => set(event.target.value),
      });
      break;
    case 'string':
      control = h('input', {
        ...common,
        type: 'text',
        value: String(value ?? ''),
        onChange: (event: { target: HTMLInputElement }) => set(event.target.value),
      });
      break;
    case 'json':
      control = h('textarea', {
        ...common,
        value: String(value ?? ''),
        onChange: (event: { target: HTMLTextAreaElement }) => set(event.target.value),
      });
      break;
    default: {
      const unreachable: never = field.kind;
      throw new TypeError(`unknown field kind ${String(unreachable)}`);
    }
  }
  return h(
    'div',
    { key },
    h('label', { htmlFor: id }, field.required ? `${field.label} *` : field.label),
    control,
    field.description ? h('small', { id: `${id}-hint` }, field.description) : null,
  );
}
