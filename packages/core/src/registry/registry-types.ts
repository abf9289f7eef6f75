import type {
  ActionDefinition,
  AnyAction,
  Logger,
  RunCall,
  RunResult,
  Services,
  Target,
  TargetLike,
  TargetRef,
} from '../action/types.js';
import type { ToolOf } from '../formats/formatters.js';
import type { FormatOptions, FormattedTools, ToolFormat, ToolFormatter } from '../formats/types.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { Emitter } from '../observe/emitter.js';
import type { RegistryEvents } from '../observe/events.js';
import type { CallPreview } from '../pipeline/preview-call.js';
import type { ArgLimits, Policy, TargetResolver } from '../pipeline/runtime.js';
import type { Store } from '../ports/store.js';
import type { Validation } from '../schema/compile-validator.js';
import type { JsonSchemaValidator } from '../schema/json-schema-validator.js';
import type { Approvals } from './approvals.js';
import type { AvailableAction, AvailableQuery } from './available.js';
import type { Ranker } from './ranker.js';

/** What `register` accepts: an action from `defineAction`, or a plain definition (checked with `defineAction`). */
export type Registrable = AnyAction | ActionDefinition<any, any, any, any>;

/** Everything a registry can be given; all optional. */
export interface RegistryOptions {
  readonly actions?: ReadonlyArray<Registrable>;
  /** Turns a scoped call's target id into the live object; its objects may be of the app's own types. */
  readonly targets?: TargetResolver<TargetLike>;
  /** Name of the injected target id parameter of scoped actions (default `blockId`). */
  readonly targetParam?: string;
  /** Infrastructure for handlers (`ctx.services`): db client, logger, HTTP client, model. */
  readonly services?: Services;
  readonly policy?: Policy;
  /** State ports; missing ones are held in memory. */
  readonly store?: Partial<Store>;
  readonly logger?: Logger;
  /** Watchers of every call, beside the events (`on`): e.g. `traceCalls()` from `@affordance/core/tracing`. */
  readonly observers?: readonly CallObserver[];
  /**
   * Scores actions for `available({ query })`. Without one, a small keyword matcher (the share of the query's
   * words in each action's text); `createLexicalRanker()` from `@affordance/core/ranking` ranks far better.
   */
  readonly ranker?: Ranker;
  readonly limits?: Partial<ArgLimits>;
  /** How deep `ctx.run` may nest (default 8). */
  readonly maxCallDepth?: number;
  /** Time limit for actions without `timeoutMs` (default none). */
  readonly defaultTimeoutMs?: number;
  /** How long an idempotency key keeps its first result (default 24 h). */
  readonly idempotencyTtlMs?: number;
  /**
   * How long a running call holds its idempotency key without renewing it (default 30 s; the run renews it every
   * third of that): a key whose process died is free again after the lease, not after the whole ttl.
   */
  readonly idempotencyLeaseMs?: number;
  /** How long an approved call's run holds it without renewing (default 30 s); then it counts as `interrupted`. */
  readonly approvalLeaseMs?: number;
  /** How long a pending approval waits for a decision before it is `expired` (default 30 days, as GitHub's). */
  readonly approvalExpiryMs?: number;
  /**
   * Key names to redact on top of the built-in rules (`isSecretKey`: password, token, secret, api key, auth,
   * cookie, session …), wherever arguments and context are shown: the audit log, approvals, events.
   */
  readonly redactKeys?: RegExp;
  /**
   * The JSON Schema validator (default `runtimeJsonValidator()`: ajv where code may be generated, else the CSP-safe
   * `cspSafeValidator`, which browser and worker bundles always use); pass one to force it.
   */
  readonly validator?: JsonSchemaValidator;
  /**
   * Formats `tools({ format: name })` knows beside this runtime's defaults: all six built-in ones in Node, Bun and
   * Deno; none in browser and worker bundles, which carry only the adapters they import from
   * `@affordance/core/formats` (`formats: [openaiFormat]`, or every one: `Object.values(TOOL_FORMATTERS)`).
   */
  readonly formats?: readonly ToolFormatter[];
}

/** Options of `tools` and `toolSet`: a format plus the filters of `available`. */
export type ToolsQuery<TFormat extends ToolFormat | ToolFormatter = ToolFormat> = Omit<
  AvailableQuery,
  'include'
> &
  FormatOptions & { readonly format: TFormat };

/** Holds actions, answers "what can I do here?" and runs calls through the pipeline. */
export interface Registry {
  /** Goes up by one on every register/unregister. */
  readonly version: number;
  /** Add actions (definitions are checked with `defineAction`); returns a function that removes them. */
  register(actions: Registrable | ReadonlyArray<Registrable>, options?: { replace?: boolean }): () => void;
  /** Remove actions by qualified name; returns how many were removed. */
  unregister(names: string | readonly string[]): number;
  /** The action with this qualified name or provider-legal alias. */
  get(name: string): AnyAction | undefined;
  /** Qualified names in registration order. */
  names(): string[];
  /** Every registered action in registration order. */
  list(): AnyAction[];
  available(query?: AvailableQuery): AvailableAction[];
  /**
   * `available` for asynchronous sources: resolves the target through an async resolver and reads the session's
   * history from an async store (Postgres), then answers the same way.
   */
  availableAsync(query?: AvailableQuery): Promise<AvailableAction[]>;
  /**
   * Tool definitions for one provider (available actions only), typed by the format: `OpenAIChatTool` for
   * `openai`, `GeminiFunctionDeclaration` for `gemini` (passed as `tools: [{ functionDeclarations }]`), … The
   * format is a name the registry knows (see `RegistryOptions.formats`) or a formatter (`openaiFormat` …).
   */
  tools<TFormat extends ToolFormat | ToolFormatter>(query: ToolsQuery<TFormat>): ToolOf<TFormat>[];
  /** Tool definitions with the adapter's warnings and its legal → qualified name map. */
  toolSet<TFormat extends ToolFormat | ToolFormatter>(
    query: ToolsQuery<TFormat>,
  ): FormattedTools<ToolOf<TFormat>>;
  /** `tools` with the target and the session history read asynchronously (see `availableAsync`). */
  toolsAsync<TFormat extends ToolFormat | ToolFormatter>(
    query: ToolsQuery<TFormat>,
  ): Promise<ToolOf<TFormat>[]>;
  run<TValue = unknown>(call: RunCall): Promise<RunResult<TValue>>;
  /**
   * What `run` would do with this call now — run it, pause it for a person's approval, or refuse it with the error
   * `run` would answer — found by the pipeline's own steps up to its approval step (roles, `when`, the policy,
   * `requires`, the rate limit, the approval rule), without running the handler or recording anything. For an
   * adapter asking "does a person have to approve this?" before it runs the call.
   */
  preview(call: RunCall): Promise<CallPreview>;
  /**
   * Validate a copy of a model's arguments against the tool schema it was shown (target id parameter included),
   * with this registry's validator: the copy with defaults filled in, or the issues `run` would report.
   * `undefined` when no action has the name. Nothing runs.
   */
  checkInput(name: string, args: unknown): Validation | undefined;
  /**
   * A call's arguments and context as the audit log shows them: secrets hidden by the action's schema hints, its
   * `sensitive` paths, the key-name rules and `redactKeys`, and secret-shaped text anywhere. For payloads shown
   * to people (approvals, events).
   */
  redact(call: { readonly name: string; readonly args?: unknown; readonly context?: unknown }): {
    readonly args: unknown;
    readonly context: unknown;
  };
  resolveTarget(ref: TargetRef): Promise<Target | undefined>;
  readonly approvals: Approvals;
  readonly targets: TargetResolver | undefined;
  /** Name of the injected target id parameter of scoped actions. */
  readonly targetParam: string;
  readonly store: Store;
  on: Emitter<RegistryEvents>['on'];
  /** Add a watcher of every call (see `RegistryOptions.observers`); returns a function that removes it. */
  observe(observer: CallObserver): () => void;
}
