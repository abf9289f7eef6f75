import type { ActionError } from '../errors/action-error.js';
import type { InferSchema, JsonSchema, SchemaLike } from '../schema/types.js';
import type { Reply } from './with-message.js';

export type { InferSchema, JsonSchema, SchemaLike } from '../schema/types.js';

/** The thing an action acts on: a block, a row, a file. Its type is in `type`. */
export interface Target {
  readonly id: string;
  readonly type: string;
  [key: string]: unknown;
}

/**
 * The least a target has: its id and its type (what a scoped action's `scope` is checked against). The type
 * parameters of actions are bounded by it, so an app's own interfaces (`interface Row { id; type: 'row'; … }`)
 * work without an index signature.
 */
export interface TargetLike {
  readonly id: string;
  readonly type: string;
}

/** A reference to a target: the object itself, `{ type, id }`, or the text `type:id`. */
export type TargetRef = Target | { readonly type: string; readonly id: string } | string;

/** Who is calling. `roles` drive `roles`-based checks; `tenantId` keys tenant rate limits. */
export interface User {
  readonly id: string;
  readonly roles?: readonly string[];
  readonly tenantId?: string;
  readonly [key: string]: unknown;
}

/** `when` answers true, or false with the reason a palette shows next to a greyed-out item. */
export type Availability =
  | boolean
  | { readonly available: true }
  | { readonly available: false; readonly reason: string };

/**
 * What `when` sees. `target` is the live target; `when` of a scoped action is only asked once its target is known,
 * so it is typed as present (it is undefined for unscoped actions, which have no target).
 */
export interface AvailabilityInput<
  TContext = Record<string, unknown>,
  TTarget extends TargetLike | undefined = Target,
> {
  readonly target: TTarget;
  readonly context: TContext;
  readonly user: User | undefined;
}

/** One example utterance, optionally with the input it maps to. */
export type ActionExample<TInput = Record<string, unknown>> =
  | string
  | { readonly utterance: string; readonly input?: Partial<TInput> };

/** A time window: at most `points` calls per `duration` seconds, counted per user, session, tenant or globally. */
export interface RateLimitRule {
  readonly points: number;
  /** Window length in seconds. */
  readonly duration: number;
  readonly per?: 'user' | 'session' | 'tenant' | 'global';
}

/** Never, always, or a predicate over the validated call. */
export type ApprovalRule<TInput, TContext> =
  | 'never'
  | 'always'
  | ((call: {
      readonly input: TInput;
      readonly user: User | undefined;
      readonly context: TContext;
      readonly target: Target | undefined;
    }) => boolean | Promise<boolean>);

/** Infrastructure the handler may use (db client, logger, HTTP client, model); never in a schema or prompt. */
export type Services = Record<string, unknown>;

/** A structured logger with pino's method shape. */
export interface Logger {
  debug(record: object, message?: string): void;
  info(record: object, message?: string): void;
  warn(record: object, message?: string): void;
  error(record: object, message?: string): void;
}

/** A call as a caller sends it to `registry.run`. */
export interface RunCall {
  readonly name: string;
  /** An object, or JSON text (near-JSON is repaired and the repair reported). */
  readonly args?: unknown;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly sessionId?: string;
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /** Call-level infrastructure, merged over the registry's `services`. */
  readonly services?: Services;
  /**
   * The id a model or client gave this call (a provider's tool-call id), kept beside the call id in the result,
   * the handler's context and the audit record. The call id itself is always made by the pipeline: two calls
   * with the same tool-call id are two calls.
   */
  readonly toolCallId?: string;
  /** @deprecated The older name of `toolCallId` (it never sets the call id); read as `toolCallId`. */
  readonly callId?: string;
  /** A person's answers to what the handler asked with `ctx.ask`, by question key (a resumed agent run sets them). */
  readonly answers?: Readonly<Record<string, unknown>>;
  /**
   * Hears the progress this call's handler reports (`ctx.progress`), before the registry's `call-progress` event;
   * calls the handler makes through `ctx.run` do not inherit it.
   */
  readonly onProgress?: (progress: Progress) => void;
}

/** What a handler asks a person (`ctx.ask`): the question, the JSON Schema of an answer, and a key naming it. */
export interface InputRequest {
  readonly message: string;
  /** JSON Schema of the answer (an object schema is what forms render). */
  readonly schema: JsonSchema;
  /** Names the question among the call's questions (default `'input'`). */
  readonly key?: string;
}

/** Facts every result carries. */
export interface RunMeta {
  /** The pipeline's id of this call: the key of its audit record, unique whatever the caller sent. */
  readonly callId: string;
  /** The tool-call id the caller gave (`RunCall.toolCallId`), when it gave one. */
  readonly toolCallId?: string;
  /** The action's qualified name (`shape_updateColor`), or the name as sent when unknown. */
  readonly name: string;
  readonly durationMs: number;
  /** True when the args were near-JSON that had to be repaired. */
  readonly repaired?: boolean;
  /** True when an idempotency key returned an earlier result without running the handler. */
  readonly replayed?: boolean;
  /** The text to give back to the model for this call. */
  readonly modelOutput: string;
}

/** A tool failure is data: `ok: false` with a typed error, or `ok: true` with the value. */
export type RunResult<TValue = unknown> =
  | ({ readonly ok: true; readonly value: TValue; readonly message?: string } & RunMeta)
  | ({ readonly ok: false; readonly error: ActionError } & RunMeta);

/** Progress an action reports while it runs (forwarded to MCP progress notifications and the UI). */
export interface Progress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** The second argument of every handler. */
export interface ActionContext<
  TContext = Record<string, unknown>,
  TTarget extends TargetLike | undefined = Target,
> {
  /** The pipeline's id of this call. */
  readonly callId: string;
  /** The tool-call id the caller gave, if any (what a client-side UI keys the call by). */
  readonly toolCallId: string | undefined;
  /** The action's qualified name. */
  readonly name: string;
  readonly user: User | undefined;
  readonly context: TContext;
  /** The resolved live target for scoped actions (undefined for unscoped ones). */
  readonly target: TTarget;
  readonly sessionId: string | undefined;
  readonly signal: AbortSignal;
  readonly services: Services;
  readonly logger: Logger;
  /** Nesting depth: 0 for a top-level call, 1 inside an action called through `ctx.run`, … */
  readonly depth: number;
  /** Run another action under the same checks, as the same user, in the same session. */
  run<TValue = unknown>(call: Omit<RunCall, 'user' | 'sessionId' | 'signal'>): Promise<RunResult<TValue>>;
  /** Report progress to whoever is watching this call. */
  progress(progress: Progress): void;
  /**
   * Ask a person for input: answers the answer when the call carries one for this key (`RunCall.answers`, set by a
   * resumed agent run, already checked against the schema); otherwise throws, and the call ends `input_required`
   * (details `{ key, message, responseSchema }`), so an agent run pauses until the person answers and then runs the
   * call again with the answer.
   */
  ask<TAnswer = unknown>(request: InputRequest): TAnswer;
}

/**
 * An action as written by its author; `defineAction` checks it and returns an `Action`. Callbacks are declared as
 * methods so a typed action stays assignable to `AnyAction` (bivariant parameters).
 */
export interface ActionDefinition<
  TInputSchema extends SchemaLike | undefined = SchemaLike | undefined,
  TOutput = unknown,
  TContext = Record<string, unknown>,
  TTarget extends TargetLike | undefined = Target,
> {
  /** Unique within its scope: letters, digits, `_`, `-`, `.`. */
  readonly name: string;
  readonly title?: string;
  /** Written for the model: what it does and when to use it. */
  readonly description: string;
  readonly input?: TInputSchema;
  readonly output?: SchemaLike;
  readonly examples?: ReadonlyArray<ActionExample<ActionInput<TInputSchema>>>;
  readonly category?: 'styling' | 'content' | 'layout' | 'data' | (string & {});
  readonly tags?: readonly string[];
  readonly capabilities?: readonly string[];
  /** Roles allowed to run it; absent or empty means everyone. */
  readonly roles?: readonly string[];
  /** The target type it acts on; makes the tool `<scope>_<name>` with a required target id parameter. */
  readonly scope?: string;
  /**
   * The family it belongs to, such as the MCP server it was imported from (`importMCP` sets its namespace). Unlike
   * `scope` it changes nothing the model sees and adds no target: ranking only lifts a request's matches of one group
   * together, so a multi-step request finds a server's other tools. A word: letters, digits, `_`, `-`, `.`.
   */
  readonly group?: string;
  /** Name of the injected target id parameter (default: the registry's, `blockId`). */
  readonly targetParam?: string;
  when?(state: AvailabilityInput<TContext, TTarget>): Availability;
  /** Argument defaults taken from the app context, merged under the caller's args. */
  defaults?(
    context: TContext,
    caller: { readonly user: User | undefined },
  ): Partial<ActionInput<TInputSchema>> | Record<string, unknown>;
  /** Qualified names of actions that must have succeeded earlier in the session. */
  readonly requires?: readonly string[];
  /** Suggested follow-ups (qualified names). */
  readonly next?: readonly string[];
  readonly approval?: ApprovalRule<ActionInput<TInputSchema>, TContext>;
  readonly rateLimit?: RateLimitRule | readonly RateLimitRule[];
  readonly timeoutMs?: number;
  readonly readOnly?: boolean;
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
  readonly usesAI?: boolean;
  /** UI-side: shown but never offered to the model. */
  readonly available?: 'enabled' | 'disabled';
  /** UI-side renderer, opaque to core. */
  readonly render?: unknown;
  /** Shapes the value into what the model reads back (default: JSON of the value, or `message`). */
  toModelOutput?(value: TOutput): string;
  /**
   * Argument paths that are secret whatever their names and schema (`'login.pin'`, `'headers.*'`, `'rows.*.code'`;
   * `*` is any property or item): hidden in the audit log, approvals and events, never repeated in an error.
   */
  readonly sensitive?: readonly string[];
  /** Anything else an adapter wants to keep. */
  readonly meta?: Readonly<Record<string, unknown>>;
  handler?(
    input: ActionInput<TInputSchema>,
    ctx: ActionContext<TContext, TTarget>,
  ): TOutput | Reply<TOutput> | Promise<TOutput | Reply<TOutput>>;
}

/** The handler's input type for an input schema (an empty record when there is none). */
export type ActionInput<TInputSchema> = 0 extends 1 & TInputSchema
  ? // biome-ignore lint/suspicious/noExplicitAny: see InferSchema
    any
  : TInputSchema extends SchemaLike
    ? InferSchema<TInputSchema>
    : Record<string, never>;

/** A checked action, ready to register. `jsonSchema` is the tool schema of its own input (no target param). */
export interface Action<
  TInputSchema extends SchemaLike | undefined = SchemaLike | undefined,
  TOutput = unknown,
  TContext = Record<string, unknown>,
  TTarget extends TargetLike | undefined = Target,
> extends ActionDefinition<TInputSchema, TOutput, TContext, TTarget> {
  readonly kind: 'affordance.action';
  readonly inputJsonSchema: JsonSchema;
  readonly outputJsonSchema: JsonSchema | undefined;
  /** What the JSON Schemas could not say exactly (a regex flag); `tools` and `toolSet` report it as warnings. */
  readonly schemaWarnings?: readonly string[];
}

/** An action of any input, output, context and target, as a registry holds it. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds actions of every input type
export type AnyAction = Action<any, any, any, any>;
