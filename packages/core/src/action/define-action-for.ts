import { defineAction } from './define-action.js';
import type { Action, ActionDefinition, SchemaLike, TargetLike } from './types.js';

/**
 * The target an action of `TScope` sees among an app's targets: the member of `TTarget` whose `type` is the scope
 * (the run pipeline refuses any other with `target_mismatch` before `when` or the handler runs); all of `TTarget`
 * when no member has that literal type; `TTarget | undefined` for an unscoped action (it is given none to run on,
 * and `available` shows its `when` whatever target is in view).
 */
export type ScopedTarget<TTarget extends TargetLike, TScope> = [TScope] extends [undefined]
  ? TTarget | undefined
  : [Extract<TTarget, { readonly type: TScope }>] extends [never]
    ? TTarget
    : Extract<TTarget, { readonly type: TScope }>;

/** An action definition for an app's targets: `scope` is one of their `type`s and picks what `ctx.target` is. */
export type TargetedActionDefinition<
  TTarget extends TargetLike,
  TContext,
  TInputSchema extends SchemaLike | undefined,
  TOutput,
  TScope extends TTarget['type'] | undefined,
> = Omit<ActionDefinition<TInputSchema, TOutput, TContext, ScopedTarget<TTarget, TScope>>, 'scope'> & {
  /** The target type it acts on: one of the app's target types. */
  readonly scope?: TScope;
};

/**
 * `defineAction` for an app's own targets and context. Actions are defined before the registry that resolves
 * their targets, so the target type is stated once, here, the way tRPC states its context:
 * `const defineBlockAction = defineActionFor<Block, AppContext>()`. Each action's `ctx.target` and
 * `when({ target })` are then the kind of `Block` its `scope` names, a `scope` that is no `Block['type']` does not
 * compile, and the input is still inferred from `input`. Same checks and result as `defineAction`.
 */
export function defineActionFor<TTarget extends TargetLike, TContext = Record<string, unknown>>() {
  return <
    const TInputSchema extends SchemaLike | undefined = undefined,
    TOutput = unknown,
    const TScope extends TTarget['type'] | undefined = undefined,
  >(
    definition: TargetedActionDefinition<TTarget, TContext, TInputSchema, TOutput, TScope>,
  ): Action<TInputSchema, TOutput, TContext, ScopedTarget<TTarget, TScope>> =>
    defineAction(
      definition as ActionDefinition<TInputSchema, TOutput, TContext, ScopedTarget<TTarget, TScope>>,
    );
}
