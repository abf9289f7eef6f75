import { qualifiedName } from '../action/qualified-name.js';
import type { AnyAction } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { Emitter } from '../observe/emitter.js';
import type { RegistryEvents } from '../observe/events.js';
import { silentLogger } from '../observe/logger.js';
import { planFor } from '../pipeline/plan.js';
import { runPipeline } from '../pipeline/run-pipeline.js';
import type { ArgLimits, RegistryRuntime, TargetResolver } from '../pipeline/runtime.js';
import type { Store } from '../ports/store.js';
import { compileRedaction, isSecretPath, type Redaction } from '../redact/redaction-plan.js';
import { compileValidator, type Validator } from '../schema/compile-validator.js';
import type { RegistryOptions } from './registry-types.js';
import { parseRef } from './target-ref.js';

const DEFAULT_LIMITS: ArgLimits = { maxChars: 1_000_000, maxDepth: 64, maxNodes: 100_000 };

/** The pipeline's view of a registry: its options with their defaults, its ports and cached validators. */
export function buildRuntime(parts: {
  readonly options: RegistryOptions;
  readonly lookup: RegistryRuntime['lookup'];
  readonly store: Store;
  readonly events: Emitter<RegistryEvents>;
  readonly observers: readonly CallObserver[];
  readonly targets: TargetResolver | undefined;
  readonly targetParam: string;
}): RegistryRuntime {
  const { options, targets } = parts;
  const inputValidators = new WeakMap<AnyAction, Validator>();
  const outputValidators = new WeakMap<AnyAction, Validator>();
  const runtime: RegistryRuntime = {
    targetParam: parts.targetParam,
    targets,
    services: options.services ?? {},
    policy: options.policy,
    store: parts.store,
    events: parts.events,
    observers: parts.observers,
    logger: options.logger ?? silentLogger,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    maxCallDepth: options.maxCallDepth ?? 8,
    defaultTimeoutMs: options.defaultTimeoutMs,
    idempotencyTtlMs: options.idempotencyTtlMs ?? 24 * 60 * 60 * 1000,
    idempotencyLeaseMs: positiveMs('idempotencyLeaseMs', options.idempotencyLeaseMs, 30_000),
    approvalLeaseMs: positiveMs('approvalLeaseMs', options.approvalLeaseMs, 30_000),
    approvalExpiryMs: positiveMs('approvalExpiryMs', options.approvalExpiryMs, 30 * 24 * 60 * 60 * 1000),
    redactKeys: statelessPattern(options.redactKeys),
    lookup: parts.lookup,
    inputValidator(action) {
      let validator = inputValidators.get(action);
      if (!validator) {
        // Paths are read against the action's argument redaction: an error never repeats a secret argument.
        validator = compileValidator(
          action.input ?? action.inputJsonSchema,
          `action ${qualifiedName(action)} input`,
          (path) => isSecretPath(planFor(runtime, action).redaction, path),
          options.validator,
        );
        inputValidators.set(action, validator);
      }
      return validator;
    },
    outputValidator(action) {
      if (!action.output) return undefined;
      let validator = outputValidators.get(action);
      if (!validator) {
        let redaction: Redaction | undefined;
        validator = compileValidator(
          action.output,
          `action ${qualifiedName(action)} output`,
          (path) => {
            redaction ??= compileRedaction(action.outputJsonSchema, { extraKeys: runtime.redactKeys });
            return isSecretPath(redaction, path);
          },
          options.validator,
        );
        outputValidators.set(action, validator);
      }
      return validator;
    },
    async resolveTarget(ref) {
      const parsed = parseRef(ref);
      if ('target' in parsed) return parsed.target;
      return targets ? await targets.get(parsed.type, parsed.id) : undefined;
    },
    runNested: (call, parent) =>
      runPipeline(runtime, call, { depth: parent.depth + 1, parentCallId: parent.callId }),
  };
  return runtime;
}

// `test` on a global or sticky pattern moves `lastIndex`, and the next key would be tested from there.
function statelessPattern(pattern: RegExp | undefined): RegExp | undefined {
  if (!pattern || (!pattern.global && !pattern.sticky)) return pattern;
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
}

function positiveMs(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new AffordanceError(
      'invalid_option',
      `${name} must be a positive number of milliseconds, not ${value}`,
    );
  return value;
}
