import { AffordanceError } from '../errors/action-error.js';
import { checkPatterns } from '../schema/check-patterns.js';
import { isStandardSchema, jsonSchemaOf } from '../schema/json-schema-of.js';
import { patternsWritten } from '../schema/schema-loading.js';
import type {
  Action,
  ActionContext,
  ActionDefinition,
  AnyAction,
  JsonSchema,
  SchemaLike,
  Target,
  TargetLike,
  User,
} from './types.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;
const EMPTY_INPUT: JsonSchema = Object.freeze({
  type: 'object',
  properties: {},
  additionalProperties: false,
});

/**
 * Check an action definition and return it ready to register. The handler's `input` type is inferred from
 * `input` (a Standard Schema, or a JSON Schema literal). Throws `AffordanceError` for a broken definition.
 */
export function defineAction<
  const TInputSchema extends SchemaLike | undefined = undefined,
  TOutput = unknown,
  TContext = Record<string, unknown>,
  TTarget extends TargetLike | undefined = Target,
>(
  definition: ActionDefinition<TInputSchema, TOutput, TContext, TTarget>,
): Action<TInputSchema, TOutput, TContext, TTarget> {
  const where = `action ${JSON.stringify(definition?.name ?? '?')}`;
  if (!definition || typeof definition !== 'object') {
    throw new AffordanceError('invalid_definition', 'defineAction needs a definition object');
  }
  if (typeof definition.name !== 'string' || !NAME.test(definition.name)) {
    throw new AffordanceError(
      'invalid_definition',
      `${where}: name must start with a letter or _ and use only letters, digits, _, - and . (at most 128)`,
    );
  }
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    throw new AffordanceError(
      'invalid_definition',
      `${where}: description is required; it is what the model reads`,
    );
  }
  if (definition.scope !== undefined && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(definition.scope)) {
    throw new AffordanceError('invalid_definition', `${where}: scope must be a word such as "shape"`);
  }
  if (
    definition.group !== undefined &&
    (typeof definition.group !== 'string' || !/^[A-Za-z][A-Za-z0-9_.-]{0,127}$/.test(definition.group))
  ) {
    throw new AffordanceError(
      'invalid_definition',
      `${where}: group must be a word such as "github" (letters, digits, _, - and .)`,
    );
  }
  if (definition.timeoutMs !== undefined && !(definition.timeoutMs > 0)) {
    throw new AffordanceError('invalid_definition', `${where}: timeoutMs must be a positive number`);
  }
  for (const rule of [definition.rateLimit ?? []].flat()) {
    if (!(rule.points > 0) || !(rule.duration > 0)) {
      throw new AffordanceError(
        'invalid_definition',
        `${where}: rateLimit needs positive points and duration (seconds)`,
      );
    }
  }
  const { sensitive } = definition;
  if (
    sensitive !== undefined &&
    (!Array.isArray(sensitive) ||
      sensitive.some((path) => typeof path !== 'string' || path.split('.').some((segment) => segment === '')))
  ) {
    throw new AffordanceError(
      'invalid_definition',
      `${where}: sensitive must be a list of argument paths such as 'login.pin' or 'headers.*'`,
    );
  }
  const schemaWarnings: string[] = [];
  const inputJsonSchema = definition.input
    ? jsonSchemaOf(definition.input, 'input', where, schemaWarnings)
    : EMPTY_INPUT;
  if (inputJsonSchema.type !== undefined && inputJsonSchema.type !== 'object') {
    throw new AffordanceError(
      'invalid_definition',
      `${where}: input must describe an object (type: "object")`,
    );
  }
  // Only JSON Schema inputs are validated with our regex engine; a Standard Schema validates with its own.
  if (!definition.input || !isStandardSchema(definition.input))
    checkPatterns(inputJsonSchema, `${where} input`);
  const outputJsonSchema = definition.output
    ? jsonSchemaOf(definition.output, 'output', where, schemaWarnings)
    : undefined;
  // A pattern whose flags wait for the rewriter (browser bundles load it on first use) adds its warning once written.
  const writing = patternsWritten([inputJsonSchema, outputJsonSchema]);
  writing?.then(
    () => Object.freeze(schemaWarnings),
    () => {},
  );
  return Object.freeze({
    ...definition,
    kind: 'affordance.action',
    inputJsonSchema,
    outputJsonSchema,
    schemaWarnings: writing ? schemaWarnings : Object.freeze(schemaWarnings),
  });
}

/** Whether a value is an action returned by `defineAction`. */
export function isAction(value: unknown): value is AnyAction {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'affordance.action'
  );
}

/** `defineAction` for adapters that build definitions at run time, where the input type is not known statically. */
export const defineDynamicAction = defineAction as unknown as (
  definition: Omit<
    ActionDefinition<undefined, unknown>,
    'handler' | 'input' | 'defaults' | 'approval' | 'examples' | 'toModelOutput'
  > & {
    readonly input?: SchemaLike;
    readonly examples?: ReadonlyArray<
      string | { readonly utterance: string; readonly input?: Record<string, unknown> }
    >;
    readonly defaults?: (
      context: Record<string, unknown>,
      caller: { readonly user: User | undefined },
    ) => Record<string, unknown>;
    readonly approval?:
      | 'never'
      | 'always'
      | ((call: { readonly input: unknown }) => boolean | Promise<boolean>);
    readonly toModelOutput?: (value: any) => string;
    readonly handler?: (input: any, ctx: ActionContext) => unknown;
  },
) => AnyAction;
