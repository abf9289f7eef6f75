import { type FormField, formArgs, formFields } from '@affordance/react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import type { ActionEntry, JsonSchema, RunResult } from '../api/types.js';
import { isHexColorPattern, targetParamOf } from './target-param.js';

/** Props of `SchemaForm`. */
export interface SchemaFormProps {
  readonly entry: ActionEntry;
  /** The selected target's id, filled into the action's target parameter. */
  readonly targetId: string | undefined;
  readonly onSubmit: (args: Record<string, unknown>) => Promise<RunResult | undefined>;
  readonly onCancel: () => void;
}

/**
 * A form generated from an action's input schema (through `@affordance/react`'s `formFields`), with the target
 * parameter filled in; submitting runs the action and shows the pipeline's fix-it error when it fails.
 */
export function SchemaForm(props: SchemaFormProps): ReactNode {
  const { entry } = props;
  // With no block selected, the target id is asked for like any other field.
  const param = props.targetId ? targetParamOf(entry) : undefined;
  const properties = (entry.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const fields = useMemo(
    () => formFields(entry.inputSchema).filter((field) => field.path.join('.') !== param),
    [entry, param],
  );
  const [raw, setRaw] = useState<Record<string, string | boolean>>(() => initialValues(fields));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RunResult | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const formId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    const args = formArgs(fields, raw);
    if (param && props.targetId) args[param] = props.targetId;
    try {
      setOutcome(await props.onSubmit(args));
    } catch (caught) {
      setFailure((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const error = outcome && !outcome.ok ? outcome.error : undefined;

  return (
    <form className="action-form" onSubmit={submit} aria-label={entry.title} noValidate>
      <p className="form-description">{entry.description}</p>
      {param && props.targetId ? (
        <p className="form-target">
          On <code>{props.targetId}</code>
        </p>
      ) : null}
      {fields.map((field, index) => {
        const key = field.path.join('.');
        const id = `${formId}-${key}`;
        const schema = field.path.length === 1 ? properties[key] : undefined;
        return (
          <div className="field" key={key}>
            <label htmlFor={id}>
              {field.label}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            <FieldControl
              id={id}
              field={field}
              value={raw[key]}
              autoFocus={index === 0}
              color={isHexColorPattern(schema?.pattern)}
              onChange={(value) => setRaw((previous) => ({ ...previous, [key]: value }))}
            />
            {field.description ? (
              <small id={`${id}-hint`} className="hint">
                {field.description}
              </small>
            ) : null}
          </div>
        );
      })}
      {fields.length === 0 ? <p className="muted">This action takes no input.</p> : null}
      {error ? (
        <div role="alert" className="form-error">
          <p>
            <strong>{error.code}</strong>: {error.message}
          </p>
          {error.issues && error.issues.length > 1 ? (
            <ul>
              {error.issues.map((issue) => (
                <li key={`${issue.path.join('.')}:${issue.message}`}>{issue.message}</li>
              ))}
            </ul>
          ) : null}
          {error.hint ? <p className="hint">{error.hint}</p> : null}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <div className="form-buttons">
        <button type="button" className="button-quiet" onClick={props.onCancel}>
          Back
        </button>
        <button
          type="submit"
          className={entry.destructive ? 'button-danger' : 'button-primary'}
          disabled={busy}
        >
          {busy ? 'Running…' : `Run ${entry.title}`}
        </button>
      </div>
    </form>
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

interface FieldControlProps {
  readonly id: string;
  readonly field: FormField;
  readonly value: string | boolean | undefined;
  readonly autoFocus: boolean;
  readonly color: boolean;
  readonly onChange: (value: string | boolean) => void;
}

function FieldControl(props: FieldControlProps): ReactNode {
  const { id, field, value, onChange } = props;
  const common = {
    id,
    name: field.path.join('.'),
    autoFocus: props.autoFocus,
    'aria-required': field.required,
    'aria-describedby': field.description ? `${id}-hint` : undefined,
  };
  switch (field.kind) {
    case 'boolean':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'enum':
      return (
        <select {...common} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)}>
          <option value="">—</option>
          {field.options.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      );
    case 'number':
    case 'integer':
      return (
        <input
          {...common}
          type="number"
          step={field.kind === 'integer' ? 1 : 'any'}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'string': {
      const text = String(value ?? '');
      const input = (
        <input {...common} type="text" value={text} onChange={(event) => onChange(event.target.value)} />
      );
      if (!props.color) return input;
      return (
        <span className="color-field">
          <input
            type="color"
            aria-label={`${field.label} picker`}
            tabIndex={-1}
            value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
          {input}
        </span>
      );
    }
    case 'json':
      return (
        <textarea
          {...common}
          rows={3}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default: {
      const unreachable: never = field.kind;
      throw new TypeError(`unknown field kind ${String(unreachable)}`);
    }
  }
}
