import { toolInputSchema } from '../action/tool-input-schema.js';
import { actionError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import { compileValidator } from '../schema/compile-validator.js';
import type { JsonValue } from './partial-json-parser.js';
import type { ToolCallError } from './tool-call-parts.js';

/**
 * Check finished arguments against the action's tool schema (with the target id parameter of scoped
 * actions): undefined when they pass, else an `unknown_action` or `invalid_args` error the model can act on.
 */
export function checkToolInput(
  registry: Registry,
  name: string,
  input: JsonValue,
  targetParam: string,
): ToolCallError | undefined {
  const action = registry.get(name);
  if (!action) {
    const names = registry.names();
    return actionError('unknown_action', `no action named ${name} is registered`, {
      hint:
        names.length > 0
          ? `registered actions: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}`
          : 'the registry is empty',
    });
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return actionError('invalid_args', `the arguments of ${name} must be a JSON object`, {
      hint: 'send one JSON object, e.g. {"name": "value"}',
    });
  }
  const validate = compileValidator(toolInputSchema(action, targetParam), `tool ${name} input`);
  // ajv fills in defaults in place; the input shares structure with the snapshots already handed out.
  const validation = validate(structuredClone(input));
  // Tool schemas are JSON Schema, so validation is synchronous; registry.run checks again before running.
  if (validation instanceof Promise || validation.ok) return undefined;
  return actionError('invalid_args', validation.issues.map((issue) => issue.message).join('; '), {
    issues: validation.issues,
    hint: `fix the arguments of ${name} and call it again`,
  });
}
