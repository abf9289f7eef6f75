import type { ConfiguredRun, ModelReply } from '@affordance/core/agent';
import type { DetectedActionResult } from '@affordance/core/detect';
import type { Tracer } from '@opentelemetry/api';
import { UsageError } from './cli-io.js';

/** Whether a config file holds the keys of an `agent.json` (`actions`, `steps`, `run`), so it configures the agent run. */
export function isAgentConfig(config: object): boolean {
  return Object.hasOwn(config, 'actions') || Object.hasOwn(config, 'steps') || Object.hasOwn(config, 'run');
}

/** How `openAgentRun` reports. */
export interface AgentRunReport {
  /** A warning of the file (the legacy rule's deprecation among them). */
  readonly warn: (line: string) => void;
  /** The records a model reply held and how each ran. */
  readonly onResults?: (results: readonly DetectedActionResult[], reply: ModelReply) => void;
  /** The tracer of `run.telemetry` (default: the globally registered OpenTelemetry provider's). */
  readonly tracer?: Tracer;
}

/**
 * The `runAgent` options of an `agent.json` on this machine: validated (warnings reported, an invalid file a usage
 * error naming the keys), `builtin:file` writing under the file's folder, the GitHub token from the environment,
 * the `git-clean` and `tests-pass` validators, the legacy completion rule only with `legacyActionCompletion`, and
 * the `run` block (steps, stop rules, typed output, OpenTelemetry spans through `traceAgent`).
 */
export async function openAgentRun(
  file: string,
  options: { readonly legacyActionCompletion: boolean } & AgentRunReport,
): Promise<ConfiguredRun> {
  const node = await import('@affordance/node');
  const { configuredRun } = await import('@affordance/core/agent');
  const { AgentConfigError } = await import('@affordance/core/detect');
  const { AffordanceError } = await import('@affordance/core');
  try {
    const loaded = await node.loadAgentConfig(file, {
      onWarning: (warning, where) => options.warn(`${where}: warning (${warning.path}): ${warning.message}`),
    });
    const actions = node.createNodeConfiguredActions(loaded.config, { baseDir: loaded.dir });
    const { traceAgent } = await import('@affordance/core/tracing');
    const { tracer } = options;
    return configuredRun(loaded.config, {
      telemetry: (settings) => traceAgent({ ...settings, ...(tracer ? { tracer } : {}) }),
      ...(actions ? { actions } : {}),
      validators: node.nodeCompletionValidators,
      legacyActionCompletion: options.legacyActionCompletion,
      ...(options.onResults ? { onResults: options.onResults } : {}),
    });
  } catch (error) {
    // An invalid file, or a routed built-in missing what it needs (a token), fails before the run starts.
    if (
      AgentConfigError.isInstance(error) ||
      (AffordanceError.isInstance(error) && error.code === 'invalid_option')
    )
      throw new UsageError(error.message);
    throw error;
  }
}
