import {
  type FormField,
  formArgs,
  formFields,
  type PendingInterrupt,
  startingValues,
} from '@affordance/client';
import type { JsonSchema } from '@affordance/core';
import { type FormEvent, createElement as h, type ReactNode, useId, useMemo, useState } from 'react';
import { FieldControl, FieldRow } from './field-control.js';

/** Props of `InputCard`. */
export interface InputCardProps {
  readonly interrupt: PendingInterrupt;
  /** Sends the answer (`decide(interrupt.id, { answer })`). */
  readonly answer: (answer: unknown) => Promise<void>;
}

/**
 * A form for an interrupt that asks the person for input (`reason: 'input'`): the question, then a field per
 * property of its `responseSchema` (the generated form fields of `ActionForm`); submitting sends the answer. Shows
 * that it was answered once sent, and the error when sending fails (an answer the server refuses comes back as the
 * run's error).
 */
export function InputCard({ interrupt, answer }: InputCardProps): ReactNode {
  const schema = interrupt.responseSchema;
  const fields = useMemo<FormField[]>(() => formFields((schema ?? {}) as JsonSchema), [schema]);
  const [raw, setRaw] = useState<Record<string, string | boolean>>(() => startingValues(fields, undefined));
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await answer(formArgs(fields, raw));
    } catch (error) {
      setProblem((error as Error)?.message ?? String(error));
    } finally {
      setBusy(false);
    }
  };
  const question = interrupt.message ?? 'The agent asks you for input';
  if (interrupt.decision) {
    return h(
      'div',
      { role: 'group', 'aria-label': 'Question', 'data-affordance': 'interrupt' },
      h('p', null, question),
      h('p', { role: 'status' }, 'Answered'),
    );
  }
  return h(
    'form',
    { onSubmit: submit, 'aria-label': 'Question', noValidate: true, 'data-affordance': 'interrupt' },
    h('p', null, question),
    ...fields.map((field, index) => {
      const key = field.path.join('.');
      const id = `${formId}-${key}`;
      return h(
        FieldRow,
        { key, id, field },
        h(FieldControl, {
          id,
          field,
          value: raw[key],
          autoFocus: index === 0,
          onChange: (value: string | boolean) => setRaw((previous) => ({ ...previous, [key]: value })),
        }),
      );
    }),
    h('button', { type: 'submit', disabled: busy }, 'Answer'),
    problem ? h('span', { role: 'alert' }, problem) : null,
  );
}
