import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  type AgentConfig,
  AgentConfigError,
  type AgentConfigWarning,
  parseAgentConfig,
} from '@affordance/core/detect';

/** Options of `loadAgentConfig`. */
export interface LoadAgentConfigOptions {
  /** Called once per warning (default: print it to stderr, naming the file and the key). */
  readonly onWarning?: (warning: AgentConfigWarning, file: string) => void;
}

/** A loaded `agent.json`: the config with defaults, its warnings, and where it was read from. */
export interface LoadedAgentConfig {
  readonly config: AgentConfig;
  readonly warnings: readonly AgentConfigWarning[];
  /** Absolute path of the file. */
  readonly file: string;
  /** The folder relative paths in the config are resolved against. */
  readonly dir: string;
}

/**
 * Read and validate an `agent.json` file. Warnings (such as the deprecation of deciding completion by action
 * detection, which names `completionConditions`) go to stderr unless `onWarning` is given; an unreadable or invalid
 * file throws `AgentConfigError`, whose issues point at the offending keys.
 */
export async function loadAgentConfig(
  path: string,
  options: LoadAgentConfigOptions = {},
): Promise<LoadedAgentConfig> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'the file does not exist'
        : (error as Error).message;
    throw new AgentConfigError(
      [{ pointer: '', path: 'agent.json', message: `cannot read ${file}: ${reason}` }],
      file,
    );
  }
  const result = parseAgentConfig(text);
  const onWarning = options.onWarning ?? printWarning;
  for (const warning of result.warnings) onWarning(warning, file);
  if (!result.ok) throw new AgentConfigError(result.errors, file);
  return { config: result.config, warnings: result.warnings, file, dir: dirname(file) };
}

function printWarning(warning: AgentConfigWarning, file: string): void {
  process.stderr.write(`${file}: warning (${warning.path}): ${warning.message}\n`);
}
