import { resolve } from 'node:path';
import {
  type AgentConfig,
  type ConfiguredActionsOptions,
  createConfiguredActions,
} from '@affordance/core/detect';
import { createFileAppender } from './create-file-appender.js';

/** Options of `createNodeConfiguredActions`. */
export interface NodeConfiguredActionsOptions
  extends Omit<ConfiguredActionsOptions, 'fileAppender' | 'githubToken'> {
  /** Folder that `actions.file.folder` is relative to (the folder of agent.json). */
  readonly baseDir: string;
  /** Where the GitHub token is read (`actions.github.tokenEnv`, default GITHUB_TOKEN); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The detector and executor of an agent.json's `actions` block on Node: `builtin:file` writes inside
 * `actions.file.folder` (default `.affordance/actions`) and the GitHub token comes from the environment. Returns
 * undefined when actions are not enabled; throws `invalid_option` when a routed built-in lacks what it needs.
 */
export function createNodeConfiguredActions(config: AgentConfig, options: NodeConfiguredActionsOptions) {
  const actions = config.actions;
  if (!actions?.enabled) return undefined;
  const env = options.env ?? process.env;
  const token = actions.github ? env[actions.github.tokenEnv] : undefined;
  const { baseDir, env: _env, ...rest } = options;
  return createConfiguredActions(actions, {
    ...rest,
    fileAppender: createFileAppender({
      folder: resolve(baseDir, actions.file?.folder ?? '.affordance/actions'),
    }),
    ...(token ? { githubToken: token } : {}),
  });
}
