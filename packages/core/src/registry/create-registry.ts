import { defineAction, isAction } from '../action/define-action.js';
import { qualifiedName } from '../action/qualified-name.js';
import { toolInputSchema } from '../action/tool-input-schema.js';
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
import { AffordanceError } from '../errors/action-error.js';
import { formatTools } from '../formats/format-tools.js';
import {
  ANTHROPIC_NAMES,
  GEMINI_NAMES,
  legalizeNames,
  MCP_NAMES,
  OPENAI_NAMES,
} from '../formats/tool-names.js';
import type { FormatOptions, FormattedTools, ToolFormat, ToolSource } from '../formats/types.js';
import { addObserver, type CallObserver } from '../observe/call-observer.js';
import { createEmitter, type Emitter } from '../observe/emitter.js';
import { followCallEvents } from '../observe/event-observer.js';
import type { RegistryEvents } from '../observe/events.js';
import { silentLogger } from '../observe/logger.js';
import { planFor } from '../pipeline/plan.js';
import { runPipeline } from '../pipeline/run-pipeline.js';
import { createMemoryStore, type Store } from '../ports/store.js';
import { createLexicalRanker } from '../ranking/lexical-ranker.js';
import { rankDocumentOf } from '../ranking/rank-document.js';
import type { Ranker } from '../ranking/types.js';
import { compileRedaction, isSecretPath, type Redaction } from '../redact/redaction-plan.js';
import { compileValidator, type Validator } from '../schema/compile-validator.js';
import { type Approvals, createApprovals } from './approvals.js';
import { type AvailableAction, type AvailableQuery, listAvailable } from './available.js';
import { looseName, suggestNames } from './lookup.js';
import { redactCall } from './redact-call.js';
import type { ArgLimits, Policy, RegistryRuntime, TargetResolver } from './runtime.js';

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
}

/** Options of `tools` and `toolSet`: a format plus the filters of `available`. */
export type ToolsQuery = Omit<AvailableQuery, 'include'> & FormatOptions & { readonly format: ToolFormat };

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
   * Tool definitions for one provider (available actions only). For `gemini` these are `FunctionDeclaration`s,
   * which the caller passes as `tools: [{ functionDeclarations }]`.
   */
  tools(query: ToolsQuery): unknown[];
  /** Tool definitions with the adapter's warnings and its legal → qualified name map. */
  toolSet(query: ToolsQuery): FormattedTools<unknown>;
  /** `tools` with the target and the session history read asynchronously (see `availableAsync`). */
  toolsAsync(query: ToolsQuery): Promise<unknown[]>;
  run<TValue = unknown>(call: RunCall): Promise<RunResult<TValue>>;
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

const DEFAULT_LIMITS: ArgLimits = { maxChars: 1_000_000, maxDepth: 64, maxNodes: 100_000 };

/** Create a registry. */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const entries = new Map<string, AnyAction>();
  const looseIndex = new Map<string, string>();
  const inputValidators = new WeakMap<AnyAction, Validator>();
  const outputValidators = new WeakMap<AnyAction, Validator>();
  const toolCache = new Map<string, FormattedTools<unknown>>();
  let aliases: Map<string, string> | undefined;
  let version = 0;
  const logger = options.logger ?? silentLogger;
  // The registry's observers; the events' own one among them while anyone listens to a call event.
  const observers: CallObserver[] = [...(options.observers ?? [])];
  const events: Emitter<RegistryEvents> = createEmitter<RegistryEvents>(
    (error) => logger.error({ err: error }, 'event listener threw'),
    (type) => followCallEvents(events, observers, type),
  );
  const store: Store = { ...createMemoryStore(), ...options.store };
  const ranker = options.ranker ?? createLexicalRanker();
  const targetParam = options.targetParam ?? 'blockId';
  // The app's own target objects are targets: every object may carry more keys than its declared type shows.
  const targets = options.targets as TargetResolver | undefined;

  const changed = (added: string[], removed: string[]) => {
    if (added.length === 0 && removed.length === 0) return;
    version++;
    aliases = undefined;
    toolCache.clear();
    events.emit('change', { version, added, removed });
  };

  const lookup: RegistryRuntime['lookup'] = (name) => {
    const direct = entries.get(name);
    if (direct) return { action: direct, name };
    aliases ??= buildAliases(entries.keys());
    const aliased = aliases.get(name) ?? looseIndex.get(looseName(name));
    const action = aliased ? entries.get(aliased) : undefined;
    if (action && aliased) return { action, name: aliased };
    return { suggestions: suggestNames(name, entries.keys()) };
  };

  const resolveTargetSync = (ref: TargetRef): Target | undefined => {
    const parsed = parseRef(ref);
    if ('target' in parsed) return parsed.target;
    const resolver = targets;
    if (!resolver) return { type: parsed.type, id: parsed.id };
    const found = resolver.get(parsed.type, parsed.id);
    if (found instanceof Promise) {
      throw new AffordanceError(
        'invalid_option',
        'available() and tools() are synchronous, and the target resolver is async: pass the target object (await registry.resolveTarget(ref))',
      );
    }
    return found;
  };

  const runtime: RegistryRuntime = {
    observers,
    targetParam,
    targets,
    services: options.services ?? {},
    policy: options.policy,
    store,
    events,
    logger,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    maxCallDepth: options.maxCallDepth ?? 8,
    defaultTimeoutMs: options.defaultTimeoutMs,
    idempotencyTtlMs: options.idempotencyTtlMs ?? 24 * 60 * 60 * 1000,
    idempotencyLeaseMs: positiveMs('idempotencyLeaseMs', options.idempotencyLeaseMs, 30_000),
    approvalLeaseMs: positiveMs('approvalLeaseMs', options.approvalLeaseMs, 30_000),
    approvalExpiryMs: positiveMs('approvalExpiryMs', options.approvalExpiryMs, 30 * 24 * 60 * 60 * 1000),
    redactKeys: statelessPattern(options.redactKeys),
    lookup,
    inputValidator(action) {
      let validator = inputValidators.get(action);
      if (!validator) {
        // Paths are read against the action's argument redaction: an error never repeats a secret argument.
        validator = compileValidator(
          action.input ?? action.inputJsonSchema,
          `action ${qualifiedName(action)} input`,
          (path) => isSecretPath(planFor(runtime, action).redaction, path),
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
        validator = compileValidator(action.output, `action ${qualifiedName(action)} output`, (path) => {
          redaction ??= compileRedaction(action.outputJsonSchema, { extraKeys: runtime.redactKeys });
          return isSecretPath(redaction, path);
        });
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

  const toolSources = (query: ToolsQuery): ToolSource[] =>
    listAvailable(source, { ...query, include: 'available' }).map(({ name, action }) => ({
      name,
      title: action.title,
      description: action.description,
      inputSchema: toolInputSchema(action, targetParam),
      outputSchema: action.outputJsonSchema,
      hints: {
        readOnly: action.readOnly,
        destructive: action.destructive,
        idempotent: action.idempotent,
        openWorld: action.openWorld,
      },
      action,
    }));

  const source = {
    entries,
    resolveTargetSync,
    succeeded(sessionId: string) {
      const found = store.history.succeeded(sessionId);
      return found instanceof Promise ? undefined : found;
    },
    search: (query: string) => ranker.search(query),
  };

  // Resolve what `available` would need synchronously: the target object and the session's completed actions.
  const settle = async <TQuery extends AvailableQuery>(query: TQuery): Promise<TQuery> => {
    let settled = query;
    if (query.target !== undefined && typeof query.target !== 'object') {
      const target = await runtime.resolveTarget(query.target);
      if (!target)
        throw new AffordanceError('invalid_option', `target '${String(query.target)}' was not found`);
      settled = { ...settled, target };
    } else if (query.target && Object.keys(query.target).length === 2) {
      const target = await runtime.resolveTarget(query.target);
      if (!target)
        throw new AffordanceError(
          'invalid_option',
          `target ${query.target.type}:${query.target.id} was not found`,
        );
      settled = { ...settled, target };
    }
    if (query.sessionId && !query.completed)
      settled = { ...settled, completed: await store.history.succeeded(query.sessionId) };
    return settled;
  };

  const registry: Registry = {
    get version() {
      return version;
    },
    register(input, registerOptions = {}) {
      const list = (Array.isArray(input) ? input : [input]) as Registrable[];
      const define = defineAction as unknown as (definition: unknown) => AnyAction;
      const actions = list.map((item) => (isAction(item) ? item : define(item)));
      const names = actions.map(qualifiedName);
      const seen = new Set<string>();
      for (const name of names) {
        if (seen.has(name) || (entries.has(name) && !registerOptions.replace)) {
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
      changed(names, []);
      return () => {
        registry.unregister(names.filter((name, index) => entries.get(name) === actions[index]));
      };
    },
    unregister(input) {
      const removed: string[] = [];
      for (const name of typeof input === 'string' ? [input] : input) {
        if (!entries.delete(name)) continue;
        if (looseIndex.get(looseName(name)) === name) looseIndex.delete(looseName(name));
        ranker.remove(name);
        removed.push(name);
      }
      changed([], removed);
      return removed.length;
    },
    get(name) {
      const found = lookup(name);
      return 'action' in found ? found.action : undefined;
    },
    names: () => [...entries.keys()],
    list: () => [...entries.values()],
    available: (query) => listAvailable(source, query),
    availableAsync: async (query = {}) => listAvailable(source, await settle(query)),
    toolsAsync: async (query) => registry.toolSet((await settle(query)) as ToolsQuery).tools,
    tools: (query) => registry.toolSet(query).tools,
    toolSet(query) {
      const { format, strict, ...filters } = query;
      const cacheable = Object.keys(filters).length === 0;
      const key = `${format}:${strict ?? ''}`;
      if (cacheable) {
        const cached = toolCache.get(key);
        if (cached) return cached;
      }
      const formatted = formatTools(toolSources(query), format, strict === undefined ? {} : { strict });
      if (cacheable) toolCache.set(key, formatted);
      // Names handed to a model must map back, whatever subset they were made legal in.
      aliases ??= buildAliases(entries.keys());
      for (const [legal, original] of formatted.names) if (legal !== original) aliases.set(legal, original);
      return formatted;
    },
    run: (call) => runPipeline(runtime, call) as Promise<RunResult<never>>,
    redact: (call) => redactCall(runtime, call),
    resolveTarget: (ref) => runtime.resolveTarget(ref),
    approvals: createApprovals(runtime),
    targets,
    targetParam,
    store,
    on: events.on,
    observe: (observer) => addObserver(observers, observer),
  };
  if (options.actions) registry.register(options.actions);
  return registry;
}

// `test` on a global or sticky pattern moves `lastIndex`, and the next key would be tested from there.
function statelessPattern(pattern: RegExp | undefined): RegExp | undefined {
  if (!pattern || (!pattern.global && !pattern.sticky)) return pattern;
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
}

function parseRef(ref: TargetRef): { target: Target } | { type: string; id: string } {
  if (typeof ref === 'string') {
    const colon = ref.indexOf(':');
    if (colon <= 0) throw new AffordanceError('invalid_option', `target '${ref}' must be written type:id`);
    return { type: ref.slice(0, colon), id: ref.slice(colon + 1) };
  }
  if (!ref || typeof ref !== 'object' || typeof ref.type !== 'string' || typeof ref.id !== 'string') {
    throw new AffordanceError(
      'invalid_option',
      'a target must be an object with string `type` and `id`, or the text type:id',
    );
  }
  const keys = Object.keys(ref);
  if (keys.length === 2) return { type: ref.type, id: ref.id };
  return { target: ref as Target };
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

function positiveMs(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new AffordanceError(
      'invalid_option',
      `${name} must be a positive number of milliseconds, not ${value}`,
    );
  return value;
}
