import { resolve } from 'node:path';
import { type AnyAction, createRegistry, type Registry, type Store } from '@affordance/core';
import {
  type AuditDurability,
  createPostgresStore,
  type DatabaseOptions,
  type PostgresStore,
} from '@affordance/store-postgres';
import { UsageError } from './cli-io.js';
import { defaultRanker } from './default-ranker.js';
import { importModule } from './import-module.js';
import type { AffordanceConfig } from './load-config.js';
import { openDemoRegistry } from './open-demo-registry.js';

/** An open registry over its store, and how to close both. */
export interface OpenApp {
  readonly registry: Registry;
  /** The store the registry keeps its state in (the module's own when it exported a registry). */
  readonly store: Store;
  readonly database: PostgresStore;
  /** Where the data lives, for messages (`PGlite in .affordance/db`). */
  readonly storage: string;
  /** Where the actions come from, for messages: the module's path, `the canvas demo` or `no registry`. */
  readonly source: string;
  /** What to tell the user about the registry (how to give it actions when it has none). */
  readonly hint?: string;
  close(): Promise<void>;
}

/** Where the data is: `--data`, else `DATABASE_URL` or the config's URL, else `AFFORDANCE_DATA` or `./.affordance`. */
export interface AppLocation {
  readonly data?: string;
  readonly registry?: string;
  readonly config: AffordanceConfig;
  readonly configFolder: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Hears each step of opening (for a progress line). */
  readonly onStep?: (step: string) => void;
}

/**
 * Open the database (migrating it), then the registry: the user's module, else the canvas demo seeded once when
 * `@affordance/canvas` is installed, else an empty registry with a hint.
 */
export async function openApp(location: AppLocation): Promise<OpenApp> {
  const { options, storage } = databaseLocation(location);
  location.onStep?.(`Opening ${storage} and applying migrations…`);
  const database = await createPostgresStore({ ...options, audit: auditDurability(location) });
  try {
    const modulePath =
      location.registry ??
      (location.config.registry ? resolve(location.configFolder, location.config.registry) : undefined);
    location.onStep?.(modulePath ? `Loading ${modulePath}…` : 'Opening the canvas demo…');
    const opened = modulePath
      ? { registry: await loadRegistryModule(modulePath, database), source: modulePath }
      : await openDemoRegistry(database);
    const { registry } = opened;
    // What a stopped process left running is interrupted; on a PGlite folder this process is the only writer (it
    // holds the folder's lock), so every approved or running approval there is one, and every running
    // idempotency key too: their leases end now instead of when they would have lapsed.
    const only = database.kind === 'pglite' && registry.store.approvals === database.approvals;
    await registry.approvals.recover({ everyRun: only });
    if (only && registry.store.idempotency === database.idempotency)
      await database.idempotency.lapseRunning();
    return { ...opened, store: registry.store, database, storage, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The database options and a printable description of where the data is. */
export function databaseLocation(location: AppLocation): { options: DatabaseOptions; storage: string } {
  const env = location.env ?? process.env;
  const url = location.data === undefined ? env.DATABASE_URL || location.config.databaseUrl : undefined;
  if (url) return { options: { url }, storage: `Postgres at ${redactUrl(url)}` };
  const dataDir = resolve(location.data ?? env.AFFORDANCE_DATA ?? '.affordance', 'db');
  return { options: { dataDir }, storage: `PGlite in ${dataDir}` };
}

/** How audit rows are written: `AFFORDANCE_AUDIT` (`sync`|`batched`), else the config's `audit`, else `sync`. */
export function auditDurability(location: AppLocation): AuditDurability {
  const env = location.env ?? process.env;
  const setting = env.AFFORDANCE_AUDIT || location.config.audit || 'sync';
  if (setting === 'sync') return { mode: 'sync' };
  if (setting === 'batched') return { mode: 'batched' };
  if (typeof setting === 'object') return setting;
  throw new UsageError(`AFFORDANCE_AUDIT must be sync or batched, not '${setting}'`);
}

/** Load a module exporting `registry` (a registry) or `actions` (an array, registered over the database). */
export async function loadRegistryModule(path: string, database: PostgresStore): Promise<Registry> {
  let loaded: Record<string, unknown>;
  try {
    loaded = await importModule(path);
  } catch (error) {
    throw new UsageError(`could not load the registry module ${path}: ${(error as Error).message}`);
  }
  const registry = loaded.registry ?? (loaded.default as Record<string, unknown> | undefined)?.registry;
  if (isRegistry(registry)) return registry;
  const actions = loaded.actions ?? (loaded.default as Record<string, unknown> | undefined)?.actions;
  if (Array.isArray(actions))
    return createRegistry({
      actions: actions as AnyAction[],
      store: database,
      ranker: defaultRanker(),
    });
  throw new UsageError(
    `the registry module ${path} must export \`registry\` (from createRegistry) or \`actions\` (an array)`,
  );
}

function isRegistry(value: unknown): value is Registry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Registry).run === 'function' &&
    typeof (value as Registry).availableAsync === 'function'
  );
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
