import {
  type ActionEntry,
  entryTitle,
  type FormValues,
  formArgs,
  formFields,
  startingValues,
  type TargetOption,
} from '@affordance/client';
import type { RunResult } from '@affordance/core';
import { type FormEvent, createElement as h, type ReactNode, useId, useMemo, useState } from 'react';
import { FieldControl, FieldRow } from './field-control.js';
import { TargetPicker } from './target-picker.js';

/** Props of `EntryForm`, the view both `ActionForm` modes share. */
export interface EntryFormProps {
  readonly entry: ActionEntry;
  /** Runs the action with the form's arguments (the caller adds the target id). */
  readonly run: (args: Record<string, unknown>) => Promise<RunResult>;
  /** The parameter filled from the target: left out of the form. */
  readonly hiddenParam: string | undefined;
  readonly targetId: string | undefined;
  readonly onResult?: ((result: RunResult) => void) | undefined;
  readonly onCancel?: (() => void) | undefined;
  readonly submitLabel?: string | undefined;
  /** Starting values for the target (its current state): fields of the same name start from them. */
  readonly formValues?: FormValues | undefined;
  /** What the person typed to find the action: shown above the fields. */
  readonly query?: string | undefined;
  /** The parameter a target id fills; without a target in view, `targets` offers a picker for it. */
  readonly targetParam?: string | undefined;
  readonly targets?: readonly TargetOption[] | undefined;
}

/**
 * A form generated from an entry's input schema: submitting runs the action and shows the pipeline's fix-it
 * error (code, message, every issue, the hint) or a thrown error's message when the call fails.
 */
export function EntryForm(props: EntryFormProps): ReactNode {
  const { entry, hiddenParam, formValues } = props;
  const fields = useMemo(
    () => formFields(entry.inputSchema).filter((field) => field.path.join('.') !== hiddenParam),
    [entry, hiddenParam],
  );
  // With no target in view, a scoped action's target parameter is a picker of the known targets of its type.
  const picked =
    !hiddenParam && entry.scope && props.targets && props.targetParam ? props.targetParam : undefined;
  const [raw, setRaw] = useState<Record<string, string | boolean>>(() =>
    startingValues(fields, formValues?.(entry, props.targetId)),
  );
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const pick = (id: string) => {
    // The picked target's state refills the fields the person has not changed.
    const fresh = startingValues(fields, formValues?.(entry, id));
    setRaw((previous) => {
      const next: Record<string, string | boolean> = { ...fresh };
      for (const key of edited) if (key in previous) next[key] = previous[key] as string | boolean;
      if (picked) next[picked] = id;
      return next;
    });
  };
  const [outcome, setOutcome] = useState<RunResult | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const title = entryTitle(entry);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await props.run(formArgs(fields, raw));
      setOutcome(result);
      props.onResult?.(result);
    } catch (thrown) {
      setOutcome(undefined);
      setFailure(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setBusy(false);
    }
  };
  const error = outcome && !outcome.ok ? outcome.error : undefined;

  return h(
    'form',
    { onSubmit: submit, 'aria-label': title, noValidate: true, 'data-affordance': 'action-form' },
    props.query?.trim()
      ? h('p', { 'data-affordance': 'form-query' }, 'You asked: ', h('q', null, props.query.trim()))
      : null,
    h('p', { 'data-affordance': 'form-description' }, entry.description),
    hiddenParam && props.targetId
      ? h('p', { 'data-affordance': 'form-target' }, 'On ', h('code', null, props.targetId))
      : null,
    ...fields.map((field, index) => {
      const key = field.path.join('.');
      const id = `${formId}-${key}`;
      return h(
        FieldRow,
        {
          key,
          id,
          field,
          label:
            key === picked && entry.scope
              ? `${entry.scope[0]?.toUpperCase()}${entry.scope.slice(1)} *`
              : undefined,
        },
        key === picked && entry.scope && props.targets
          ? h(TargetPicker, {
              id,
              name: key,
              scope: entry.scope,
              options: props.targets,
              value: String(raw[key] ?? ''),
              autoFocus: index === 0,
              onChange: pick,
            })
          : h(FieldControl, {
              id,
              field,
              value: raw[key],
              autoFocus: index === 0,
              onChange: (value: string | boolean) => {
                setEdited((previous) => new Set(previous).add(key));
                setRaw((previous) => ({ ...previous, [key]: value }));
              },
            }),
      );
    }),
    error
      ? h(
          'div',
          { role: 'alert', 'data-affordance': 'form-error' },
          h('p', null, h('strong', null, error.code), `: ${error.message}`),
          error.issues && error.issues.length > 1
            ? h('ul', null, ...error.issues.map((issue, index) => h('li', { key: index }, issue.message)))
            : null,
          error.hint ? h('p', null, error.hint) : null,
        )
      : null,
    failure ? h('p', { role: 'alert', 'data-affordance': 'form-error' }, failure) : null,
    outcome?.ok ? h('p', { role: 'status' }, outcome.message ?? 'Done') : null,
    h(
      'div',
      { 'data-affordance': 'form-buttons' },
      props.onCancel ? h('button', { type: 'button', onClick: props.onCancel }, 'Back') : null,
      h(
        'button',
        { type: 'submit', disabled: busy, 'data-destructive': entry.destructive === true ? true : undefined },
        props.submitLabel ?? entry.title ?? 'Run',
      ),
    ),
  );
}
