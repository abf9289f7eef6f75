import type { User } from '@affordance/core';
import { localUser } from '../authenticate.js';
import { traceRegistry } from '../trace-registry.js';
import type { CliIO } from './cli-io.js';
import { type AffordanceConfig, loadConfig } from './load-config.js';
import type { OpenApp } from './open-app.js';
import { startProgress } from './progress.js';

/** The options every command that opens the registry reads. */
export interface AppFlags {
  readonly data?: string | undefined;
  readonly registry?: string | undefined;
  readonly config?: string | undefined;
}

/**
 * Load the config, open the registry and its store (a progress line on stderr when `io` is a terminal), turn on
 * OpenTelemetry spans for its calls, run `work`, and close the store whatever happens.
 */
export async function withApp<TResult>(
  flags: AppFlags,
  work: (app: OpenApp & { readonly config: AffordanceConfig; readonly user: User }) => Promise<TResult>,
  io?: CliIO,
): Promise<TResult> {
  const { config, folder } = await loadConfig(flags.config);
  // Loaded on use, so `--help` and usage errors answer without starting the database code.
  const { openApp } = await import('./open-app.js');
  const progress = io ? startProgress(io) : undefined;
  const app = await openApp({
    config,
    configFolder: folder,
    ...(flags.data !== undefined ? { data: flags.data } : {}),
    ...(flags.registry !== undefined ? { registry: flags.registry } : {}),
    ...(progress ? { onStep: (step: string) => progress.step(step) } : {}),
  }).finally(() => progress?.done());
  if (app.hint) io?.err(`${app.hint}\n`);
  // Spans for every call, as under `serve`, whenever an OpenTelemetry SDK is registered (e.g. with `--import`).
  traceRegistry(app.registry);
  try {
    // Commands run on this machine by its owner: they act as the local user, holding every role.
    return await work({ ...app, config, user: localUser(app.registry) });
  } finally {
    await app.close();
  }
}
