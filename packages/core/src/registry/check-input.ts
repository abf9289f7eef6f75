import { qualifiedName } from '../action/qualified-name.js';
import type { AnyAction } from '../action/types.js';
import { planFor } from '../pipeline/plan.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import { isSecretPath } from '../redact/redaction-plan.js';
import { compileValidator, type Validation, type Validator } from '../schema/compile-validator.js';
import type { JsonSchemaValidator } from '../schema/json-schema-validator.js';
import { assertPatternsWritten, notLoaded } from '../schema/schema-loading.js';

/**
 * `registry.checkInput`: validate a copy of a model's arguments against the schema the model was shown (the
 * action's tool schema, with the target id parameter of scoped actions), with the registry's JSON Schema
 * validator, compiled once per action. `undefined` when no action has the name.
 */
export function createInputChecker(
  runtime: RegistryRuntime,
  validator: JsonSchemaValidator | undefined,
): (name: string, args: unknown) => Validation | undefined {
  const validators = new WeakMap<AnyAction, Validator>();
  return (name, args) => {
    const found = runtime.lookup(name);
    if (!('action' in found)) return undefined;
    const action = found.action;
    assertPatternsWritten([action.inputJsonSchema], `tool ${qualifiedName(action)} input`);
    let validate = validators.get(action);
    if (!validate) {
      // The plan's argument schema is the tool schema the model was shown.
      const plan = planFor(runtime, action);
      validate = compileValidator(
        plan.argsSchema,
        `tool ${qualifiedName(action)} input`,
        (path) => isSecretPath(plan.redaction, path),
        validator,
      );
      validators.set(action, validate);
    }
    // Validators fill in defaults in place; the caller's value may be shared (streamed snapshots).
    const validation = validate(structuredClone(args));
    // A tool schema is JSON Schema, so its validation is synchronous once what it needs has loaded: in a browser
    // bundle the format checks load when an action using `format` is defined, so only a check in that same moment waits.
    if (validation instanceof Promise) {
      validation.catch(() => {});
      throw notLoaded(`tool ${qualifiedName(action)} input`, 'the format checks of its schema');
    }
    return validation;
  };
}
