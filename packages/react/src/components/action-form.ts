import {
  type ActionEntry,
  entryOfAvailable,
  type FormValues,
  type RunAction,
  registryActionRunner,
  remoteActionRunner,
} from '@affordance/client';
import type { RunResult } from '@affordance/core';
import { createElement as h, type ReactNode } from 'react';
import { useAffordance } from '../affordance-context.js';
import { EntryForm } from './entry-form.js';

/** What both `ActionForm` modes accept. */
interface ActionFormCommonProps {
  /** For scoped actions: the target whose id fills the target parameter. */
  readonly target?: { readonly id: string };
  readonly onResult?: (result: RunResult) => void;
  /** Shows a "Back" button that calls it. */
  readonly onCancel?: () => void;
  readonly submitLabel?: string;
  /** Where the form starts: e.g. the target's current state, so a colour field shows the current colour. */
  readonly formValues?: FormValues;
}

/** `ActionForm` over the provider's client-side registry: the action is looked up by name. */
export interface RegistryActionFormProps extends ActionFormCommonProps {
  /** The action's qualified name. */
  readonly name: string;
  readonly entry?: undefined;
}

/** `ActionForm` for an action that lives elsewhere (a server): its entry, and how to run it. */
export interface RemoteActionFormProps extends ActionFormCommonProps {
  /** The action as `GET /api/actions` lists it. */
  readonly entry: ActionEntry;
  readonly run: RunAction;
  /**
   * The input parameter the target's id fills when an entry does not name it (default: the first property of a
   * scoped entry's schema, where the server puts it).
   */
  readonly targetParam?: string;
  readonly name?: undefined;
}

/** Props of `ActionForm`: a registry action by `name`, or a remote action by `entry` and `run`. */
export type ActionFormProps = RegistryActionFormProps | RemoteActionFormProps;

/**
 * A form generated from an action's input JSON Schema that runs the action on submit (through the client
 * registry, or through `run` for a remote entry) and shows the fix-it error when the call fails.
 */
export function ActionForm(props: ActionFormProps): ReactNode {
  return props.entry !== undefined ? h(RemoteActionForm, props) : h(RegistryActionForm, props);
}

function RemoteActionForm(props: RemoteActionFormProps): ReactNode {
  const { entry, target } = props;
  const runner = remoteActionRunner({ run: props.run, targetId: target?.id, targetParam: props.targetParam });
  return h(EntryForm, {
    key: entry.name,
    entry,
    hiddenParam: runner.hiddenParam(entry),
    targetId: target?.id,
    run: (args) => runner.run(entry, args),
    onResult: props.onResult,
    onCancel: props.onCancel,
    submitLabel: props.submitLabel,
    formValues: props.formValues,
  });
}

function RegistryActionForm(props: RegistryActionFormProps): ReactNode {
  const { registry, executeAction } = useAffordance();
  const action = registry.get(props.name);
  if (!action) return h('p', { role: 'alert' }, `No action named ${props.name} is registered`);
  const entry = entryOfAvailable({ name: props.name, action, available: true });
  const runner = registryActionRunner({ registry, execute: executeAction, targetId: props.target?.id });
  return h(EntryForm, {
    key: action.name,
    entry,
    hiddenParam: runner.hiddenParam(entry),
    targetId: props.target?.id,
    run: (args) => runner.run(entry, args),
    onResult: props.onResult,
    onCancel: props.onCancel,
    submitLabel: props.submitLabel,
    formValues: props.formValues,
  });
}
