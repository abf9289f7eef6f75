import { actionError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import type { JsonValue } from './partial-json-parser.js';
import type { ToolCallError } from './tool-call-parts.js';

/**
 * Check finished arguments against the action's tool schema (with the target id parameter of scoped actions)
 * through `registry.checkInput`, so the registry's own validator judges them and the assembler bundles none:
 * undefined when they pass, else an `unknown_action` or `invalid_args` error the model can act on.
 */
export function checkToolInput(
  registry: Registry,
  name: string,
  input: JsonValue,
): ToolCallError | undefined {
  if (!registry.get(name)) {
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
  const validation = registry.checkInput(name, input);
  // registry.run checks again before running.
  if (!validation || validation.ok) return undefined;
  return actionError('invalid_args', validation.issues.map((issue) => issue.message).join('; '), {
    issues: validation.issues,
    hint: `fix the arguments of ${name} and call it again`,
  });
}
