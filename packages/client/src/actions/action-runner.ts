import type { AvailableQuery, Registry, RunResult } from '@affordance/core';
import { type ActionEntry, entryTargetParam, type RunAction } from './action-entry.js';

/** How a palette or form runs its entries: which parameter a target's id fills, and the run itself. */
export interface ActionRunner {
  /** The parameter that takes a scoped entry's target id, whether or not a target is in view. */
  targetParam(entry: ActionEntry): string | undefined;
  /** The parameter the target in view fills for this entry (left out of its form); undefined without a target. */
  hiddenParam(entry: ActionEntry): string | undefined;
  /** Run an entry with the form's arguments; the target's id is added under `hiddenParam`. */
  run(entry: ActionEntry, args: Record<string, unknown>): Promise<RunResult>;
}

/** Options of `registryActionRunner`. */
export interface RegistryActionRunnerOptions {
  readonly registry: Registry;
  /** Runs an action by name (e.g. `executeAction` over the registry and a tool-call store). */
  readonly execute: (name: string, args: Record<string, unknown>) => Promise<RunResult>;
  /** The id of the target in view. */
  readonly targetId?: string | undefined;
}

/** Run the client registry's actions; a scoped action's target parameter is its own, else the registry's. */
export function registryActionRunner(options: RegistryActionRunnerOptions): ActionRunner {
  const { registry, execute, targetId } = options;
  const targetParam = (entry: ActionEntry) =>
    entry.scope ? (registry.get(entry.name)?.targetParam ?? registry.targetParam) : undefined;
  return runner(targetParam, targetId, (entry, args) => execute(entry.name, args));
}

/** Options of `remoteActionRunner`. */
export interface RemoteActionRunnerOptions {
  /** Runs an action on the server, e.g. `POST /api/actions/:name/run`. */
  readonly run: RunAction;
  readonly targetId?: string | undefined;
  /** The target parameter when an entry does not name it (default: the first property of its schema). */
  readonly targetParam?: string | undefined;
}

/** Run actions that live on a server, as `GET /api/actions` lists them. */
export function remoteActionRunner(options: RemoteActionRunnerOptions): ActionRunner {
  const targetParam = (entry: ActionEntry) => entryTargetParam(entry, options.targetParam);
  return runner(targetParam, options.targetId, (entry, args) => options.run(entry.name, args));
}

function runner(
  targetParam: ActionRunner['targetParam'],
  targetId: string | undefined,
  run: ActionRunner['run'],
): ActionRunner {
  const hiddenParam = (entry: ActionEntry) => (targetId === undefined ? undefined : targetParam(entry));
  return {
    targetParam,
    hiddenParam,
    run(entry, args) {
      const param = hiddenParam(entry);
      return run(entry, param && targetId ? { ...args, [param]: targetId } : args);
    },
  };
}

/** The id in a target reference: `{ type, id }`'s id, or what follows the colon of `'type:id'`; else undefined. */
export function targetIdOf(target: AvailableQuery['target']): string | undefined {
  if (target === undefined) return undefined;
  if (typeof target === 'string')
    return target.includes(':') ? target.slice(target.indexOf(':') + 1) : undefined;
  return target.id;
}
