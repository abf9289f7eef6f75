import type { AgentConfig } from '../detect/agent-config.js';
import { AgentConfigError } from '../detect/agent-config.js';
import type { ActionDetector } from '../detect/create-action-detector.js';
import type { ActionExecutor } from '../detect/create-action-executor.js';
import type { DetectedActionResult } from '../detect/types.js';
import type { AgentTelemetry } from '../tracing/agent-telemetry.js';
import type { CompletionOptions, CompletionValidator } from './completion.js';
import type { ModelReply, OnModelReply } from './model-reply.js';
import { createReplyActions, LEGACY_COMPLETION_TYPE } from './reply-actions.js';
import { type RunConfigOptions, readRunConfig, runConfigOptions } from './run-config.js';

/** The step of `agent.json` whose completion conditions a run checks (the seeds' runner's). */
export const COMPLETION_STEP = 'complete.issue';

/** What `configuredRun` needs besides the config: the built actions, the named validators and the legacy flag. */
export interface ConfiguredRunOptions {
  /** The detector and executor of `config.actions` (`createConfiguredActions`, `createNodeConfiguredActions`). */
  readonly actions?: { readonly detector: ActionDetector; readonly executor: ActionExecutor };
  /** Validators by name for `completionConditions` (`nodeCompletionValidators()` of `@affordance/node`). */
  readonly validators?: Readonly<Record<string, CompletionValidator>>;
  /**
   * The explicit flag of the seed's last deprecation stage: deciding completion from a detected `issue-action`
   * record is an error unless this is true (then it works, with the loader's deprecation warning).
   */
  readonly legacyActionCompletion?: boolean;
  /** Told the results of each model reply that held records. */
  readonly onResults?: (results: readonly DetectedActionResult[], reply: ModelReply) => void;
  /**
   * Builds the run's telemetry when `run.telemetry` is on (`(settings) => traceAgent(settings)` of
   * `@affordance/core/tracing`); without it, `run.telemetry: true` is an `invalid_config` error.
   */
  readonly telemetry?: (settings: { readonly agentName?: string }) => AgentTelemetry;
}

/** The `runAgent` options an `agent.json` turns on. */
export interface ConfiguredRun extends RunConfigOptions {
  readonly completion?: CompletionOptions;
  readonly onModelReply?: OnModelReply;
  readonly telemetry?: AgentTelemetry;
}

/**
 * The `runAgent` options of an `agent.json`: the completion conditions and `onFailure` of `steps["complete.issue"]`,
 * and, when `actions` is enabled, the action detector and executor run on every model reply. An `issue-action`
 * type (the legacy completion rule) throws `AgentConfigError` unless `legacyActionCompletion` is set. The `run` block
 * adds `maxSteps`, `stopWhen`, `output`, `outputMode`, `outputRetries` and telemetry (`readRunConfig`).
 */
export function configuredRun(config: AgentConfig, options: ConfiguredRunOptions = {}): ConfiguredRun {
  const legacy = legacyPointer(config);
  if (legacy && !options.legacyActionCompletion) {
    throw new AgentConfigError([
      {
        pointer: legacy.pointer,
        path: legacy.path,
        message:
          `${legacy.path}: deciding completion from a detected "${LEGACY_COMPLETION_TYPE}" action is no longer ` +
          `supported: declare steps["${COMPLETION_STEP}"].completionConditions (e.g. [{"validator": "git-clean"}, ` +
          '{"validator": "tests-pass"}]), or keep the old rule for now with the explicit flag ' +
          '(--legacy-action-completion, or legacyActionCompletion: true)',
      },
    ]);
  }
  const step = config.steps[COMPLETION_STEP];
  const completion: CompletionOptions | undefined = step
    ? {
        conditions: step.completionConditions,
        onFailure: step.onFailure,
        ...(options.validators ? { validators: options.validators } : {}),
      }
    : undefined;
  const onModelReply =
    config.actions?.enabled && options.actions
      ? createReplyActions({
          ...options.actions,
          legacyCompletion: legacy !== undefined,
          ...(options.onResults ? { onResults: options.onResults } : {}),
        })
      : undefined;
  const run = readRunConfig(config.run);
  const traced = run.telemetry === true ? {} : run.telemetry || undefined;
  if (traced && !options.telemetry) {
    throw new AgentConfigError([
      {
        pointer: '/run/telemetry',
        path: 'run.telemetry',
        message: 'run.telemetry is on, but this runner cannot trace',
      },
    ]);
  }
  const telemetry = traced && options.telemetry ? options.telemetry(traced) : undefined;
  return {
    ...runConfigOptions(run),
    ...(completion ? { completion } : {}),
    ...(onModelReply ? { onModelReply } : {}),
    ...(telemetry ? { telemetry } : {}),
  };
}

function legacyPointer(config: AgentConfig): { pointer: string; path: string } | undefined {
  const actions = config.actions;
  if (!actions?.enabled) return undefined;
  const index = actions.types.indexOf(LEGACY_COMPLETION_TYPE);
  if (index !== -1) return { pointer: `/actions/types/${index}`, path: `actions.types[${index}]` };
  if (Object.hasOwn(actions.handlers, LEGACY_COMPLETION_TYPE))
    return {
      pointer: `/actions/handlers/${LEGACY_COMPLETION_TYPE}`,
      path: `actions.handlers["${LEGACY_COMPLETION_TYPE}"]`,
    };
  return undefined;
}
