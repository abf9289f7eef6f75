import { defineAction, isAction } from '../action/define-action.js';
import { qualifiedName } from '../action/qualified-name.js';
import type { AnyAction } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import {
  ANTHROPIC_NAMES,
  GEMINI_NAMES,
  legalizeNames,
  MCP_NAMES,
  OPENAI_NAMES,
} from '../formats/tool-names.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import { looseName, suggestNames } from './lookup.js';
import { rankDocumentOf } from './rank-document.js';
import type { Ranker } from './ranker.js';
import type { Registrable } from './registry-types.js';

/** A registry's actions by qualified name, the aliases a model may use for them, and the ranker kept in step. */
export interface ActionTable {
  readonly entries: ReadonlyMap<string, AnyAction>;
  readonly version: number;
  lookup: RegistryRuntime['lookup'];
  /** Add actions (definitions are checked with `defineAction`); returns their qualified names. */
  add(
    actions: readonly AnyAction[] | readonly Registrable[],
    replace: boolean,
  ): { names: string[]; actions: AnyAction[] };
  /** Remove actions by qualified name; returns the names removed. */
  remove(names: readonly string[]): string[];
  /** Remember provider-legal names handed to a model, so its calls map back. */
  noteLegalNames(names: ReadonlyMap<string, string>): void;
}

/** Create an empty table; `changed` hears every change after the table (and its version) moved on. */
export function createActionTable(
  ranker: Ranker,
  changed: (change: { version: number; added: string[]; removed: string[] }) => void,
): ActionTable {
  const entries = new Map<string, AnyAction>();
  const looseIndex = new Map<string, string>();
  let aliases: Map<string, string> | undefined;
  let version = 0;

  const report = (added: string[], removed: string[]) => {
    if (added.length === 0 && removed.length === 0) return;
    version++;
    aliases = undefined;
    changed({ version, added, removed });
  };

  return {
    entries,
    get version() {
      return version;
    },
    lookup(name) {
      const direct = entries.get(name);
      if (direct) return { action: direct, name };
      aliases ??= buildAliases(entries.keys());
      const aliased = aliases.get(name) ?? looseIndex.get(looseName(name));
      const action = aliased ? entries.get(aliased) : undefined;
      if (action && aliased) return { action, name: aliased };
      return { suggestions: suggestNames(name, entries.keys()) };
    },
    add(list, replace) {
      const define = defineAction as unknown as (definition: unknown) => AnyAction;
      const actions = (list as readonly Registrable[]).map((item) => (isAction(item) ? item : define(item)));
      const names = actions.map(qualifiedName);
      const seen = new Set<string>();
      for (const name of names) {
        if (seen.has(name) || (entries.has(name) && !replace)) {
          throw new AffordanceError(
            'duplicate_action',
            `an action named ${name} is already registered (pass { replace: true } to replace it)`,
          );
        }
        seen.add(name);
      }
      actions.forEach((action, index) => {
        const name = names[index]!;
        entries.delete(name);
        entries.set(name, action);
        looseIndex.set(looseName(name), name);
        ranker.add(rankDocumentOf(action, name));
      });
      report(names, []);
      return { names, actions };
    },
    remove(names) {
      const removed: string[] = [];
      for (const name of names) {
        if (!entries.delete(name)) continue;
        if (looseIndex.get(looseName(name)) === name) looseIndex.delete(looseName(name));
        ranker.remove(name);
        removed.push(name);
      }
      report([], removed);
      return removed;
    },
    noteLegalNames(names) {
      aliases ??= buildAliases(entries.keys());
      for (const [legal, original] of names) if (legal !== original) aliases.set(legal, original);
    },
  };
}

function buildAliases(names: Iterable<string>): Map<string, string> {
  const all = [...names];
  const aliases = new Map<string, string>();
  for (const rule of [OPENAI_NAMES, GEMINI_NAMES, ANTHROPIC_NAMES, MCP_NAMES]) {
    for (const [original, legal] of legalizeNames(all, rule))
      if (!aliases.has(legal)) aliases.set(legal, original);
  }
  return aliases;
}
