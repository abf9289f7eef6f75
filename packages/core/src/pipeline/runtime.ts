import type {
  AnyAction,
  Logger,
  RunCall,
  RunResult,
  Services,
  Target,
  TargetLike,
  TargetRef,
  User,
} from '../action/types.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { Emitter } from '../observe/emitter.js';
import type { RegistryEvents } from '../observe/events.js';
import type { Store } from '../ports/store.js';
import type { Validator } from '../schema/compile-validator.js';

/** Looks targets up by type and id; `list` feeds UIs and MCP resources. */
export interface TargetResolver<TTarget extends TargetLike = Target> {
  get(type: string, id: string): TTarget | undefined | Promise<TTarget | undefined>;
  list?(): readonly TTarget[] | Promise<readonly TTarget[]>;
}

/** A pluggable check after roles: true to allow, false or `{ allowed: false, reason }` to refuse. */
export type Policy = (request: {
  readonly action: AnyAction;
  readonly name: string;
  readonly input: unknown;
  readonly user: User | undefined;
  readonly context: Record<string, unknown>;
  readonly target: Target | undefined;
}) =>
  | boolean
  | { readonly allowed: boolean; readonly reason?: string }
  | Promise<boolean | { readonly allowed: boolean; readonly reason?: string }>;

/** Size limits on arguments, checked before anything else looks at them. */
export interface ArgLimits {
  /** Longest JSON text accepted, in characters (default 1,000,000). */
  readonly maxChars: number;
  /** Deepest nesting of objects and arrays (default 64). */
  readonly maxDepth: number;
  /** Most values in total (default 100,000). */
  readonly maxNodes: number;
}

/** Internal view of a registry that the pipeline steps use. */
export interface RegistryRuntime {
  readonly targetParam: string;
  readonly targets: TargetResolver | undefined;
  readonly services: Services;
  readonly policy: Policy | undefined;
  readonly store: Store;
  readonly events: Emitter<RegistryEvents>;
  /** Who watches each call: the registry's `observers`, after the events' own one while anyone listens. */
  readonly observers: readonly CallObserver[];
  readonly logger: Logger;
  readonly limits: ArgLimits;
  readonly maxCallDepth: number;
  readonly defaultTimeoutMs: number | undefined;
  readonly idempotencyTtlMs: number;
  /** How long a running call holds its idempotency key without renewing it. */
  readonly idempotencyLeaseMs: number;
  /** How long an approved or running approval is held without its run renewing the lease. */
  readonly approvalLeaseMs: number;
  /** How long a pending approval waits for a decision before it expires. */
  readonly approvalExpiryMs: number;
  /** Key names redacted on top of the built-in rules (`RegistryOptions.redactKeys`). */
  readonly redactKeys: RegExp | undefined;
  /** Find an action by qualified name or provider-legal alias; suggestions when none matches. */
  lookup(
    name: string,
  ): { readonly action: AnyAction; readonly name: string } | { readonly suggestions: readonly string[] };
  inputValidator(action: AnyAction): Validator;
  outputValidator(action: AnyAction): Validator | undefined;
  resolveTarget(ref: TargetRef): Promise<Target | undefined>;
  /** Run a nested call (from `ctx.run`). */
  runNested(call: RunCall, parent: { readonly callId: string; readonly depth: number }): Promise<RunResult>;
}
