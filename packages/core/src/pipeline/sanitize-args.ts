import type { ArgLimits } from '../registry/runtime.js';

/** Why arguments were refused before validation. */
export type SanitizeProblem = { readonly message: string; readonly path: ReadonlyArray<string | number> };

const FORBIDDEN_KEYS = new Set(['__proto__']);

/**
 * Copy arguments into plain JSON data (null-prototype-free, own enumerable keys only), refusing what is not
 * JSON, `__proto__` keys, cycles, and anything past the depth and size limits. The copy is what every later
 * step and the handler see, so a getter or a caller mutating its object cannot change validated data.
 */
export function sanitizeArgs(
  value: unknown,
  limits: ArgLimits,
  options: { readonly fresh?: boolean } = {},
): { value: unknown; hasNull: boolean } | { problem: SanitizeProblem } {
  // Output of JSON.parse is already private plain data: check it in place instead of copying.
  const fresh = options.fresh === true;
  let nodes = 0;
  let chars = 0;
  const path: Array<string | number> = [];
  const stack = new Set<object>();
  let problem: SanitizeProblem | undefined;
  let hasNull = false;

  const refuse = (message: string): undefined => {
    problem ??= { message, path: [...path] };
    return undefined;
  };

  const copy = (input: unknown, depth: number): unknown => {
    if (problem) return undefined;
    if (++nodes > limits.maxNodes) return refuse(`the arguments have more than ${limits.maxNodes} values`);
    switch (typeof input) {
      case 'string':
        chars += input.length;
        if (chars > limits.maxChars) return refuse(`the arguments are longer than ${limits.maxChars} characters`);
        return input;
      case 'number':
        if (!Number.isFinite(input)) return refuse(`${String(input)} is not a JSON number`);
        return input;
      case 'boolean':
        return input;
      case 'object':
        break;
      default:
        return refuse(`a ${typeof input} is not JSON data`);
    }
    if (input === null) {
      hasNull = true;
      return null;
    }
    if (depth >= limits.maxDepth) return refuse(`the arguments are nested deeper than ${limits.maxDepth} levels`);
    if (stack.has(input)) return refuse('the arguments contain a cycle');
    stack.add(input);
    try {
      if (Array.isArray(input)) {
        if (fresh) {
          for (let index = 0; index < input.length; index++) {
            path.push(index);
            copy(input[index], depth + 1);
            path.pop();
            if (problem) return undefined;
          }
          return input;
        }
        const output: unknown[] = new Array(input.length);
        for (let index = 0; index < input.length; index++) {
          path.push(index);
          output[index] = copy(input[index], depth + 1);
          path.pop();
          if (problem) return undefined;
        }
        return output;
      }
      const prototype = Object.getPrototypeOf(input);
      if (prototype !== Object.prototype && prototype !== null) {
        if (input instanceof Date) return input.toISOString();
        return refuse(`a ${prototype?.constructor?.name ?? 'class'} instance is not JSON data`);
      }
      const output: Record<string, unknown> = fresh ? (input as Record<string, unknown>) : {};
      for (const key of Object.keys(input)) {
        path.push(key);
        if (FORBIDDEN_KEYS.has(key)) return refuse(`the key '${key}' is not allowed`);
        chars += key.length;
        const child = copy((input as Record<string, unknown>)[key], depth + 1);
        path.pop();
        if (problem) return undefined;
        if (fresh) continue;
        if (child !== undefined) Object.defineProperty(output, key, { value: child, enumerable: true, writable: true, configurable: true });
      }
      return output;
    } finally {
      stack.delete(input);
    }
  };

  const output = copy(value, 0);
  return problem ? { problem } : { value: output, hasNull };
}
