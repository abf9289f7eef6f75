import type { ArgLimits } from './runtime.js';

/** Why arguments were refused before validation. */
export type SanitizeProblem = { readonly message: string; readonly path: ReadonlyArray<string | number> };

interface Walk {
  readonly limits: ArgLimits;
  /** Output of JSON.parse: already private plain data, checked in place instead of copied. */
  readonly fresh: boolean;
  nodes: number;
  chars: number;
  hasNull: boolean;
  /** The first problem met; its path is filled in from the inside out as the walk unwinds. */
  problem: { readonly message: string; readonly path: Array<string | number> } | undefined;
  /** Objects on the current path (cycle check); an array beats a Set for the usual shallow arguments. */
  readonly stack: object[];
}

/**
 * Copy arguments into plain JSON data (own enumerable keys only), refusing what is not JSON, `__proto__` keys,
 * cycles, and anything past the depth and size limits. The copy is what every later step and the handler see, so
 * a getter or a caller mutating its object cannot change validated data. `hasNull` tells whether any null was met.
 */
export function sanitizeArgs(
  value: unknown,
  limits: ArgLimits,
  options: { readonly fresh?: boolean } = {},
): { value: unknown; hasNull: boolean } | { problem: SanitizeProblem } {
  const fresh = options.fresh === true;
  const flat = copyFlat(value, limits, fresh);
  if (flat !== undefined) return flat;
  const walk: Walk = {
    limits,
    fresh,
    nodes: 0,
    chars: 0,
    hasNull: false,
    problem: undefined,
    stack: [],
  };
  const output = visit(walk, value, 0);
  return walk.problem ? { problem: walk.problem } : { value: output, hasNull: walk.hasNull };
}

/**
 * The usual arguments, a plain object of scalars within the limits, copied in one loop; undefined for anything
 * else (nested values, a problem to report), which the walk below then handles.
 */
function copyFlat(
  input: unknown,
  limits: ArgLimits,
  fresh: boolean,
): { value: unknown; hasNull: boolean } | undefined {
  if (input === null || typeof input !== 'object' || limits.maxDepth < 1) return undefined;
  if (!fresh) {
    const prototype = Object.getPrototypeOf(input);
    if (prototype !== Object.prototype && prototype !== null) return undefined;
  }
  const keys = Object.keys(input);
  if (keys.length >= limits.maxNodes) return undefined;
  const output: Record<string, unknown> = fresh ? (input as Record<string, unknown>) : {};
  let chars = 0;
  let hasNull = false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const child = (input as Record<string, unknown>)[key];
    chars += key.length;
    switch (typeof child) {
      case 'string':
        chars += child.length;
        break;
      case 'number':
        if (!Number.isFinite(child)) return undefined;
        break;
      case 'boolean':
        break;
      default:
        if (child !== null) return undefined;
        hasNull = true;
    }
    if (key === '__proto__') return undefined;
    // Plain assignment is safe: `__proto__`, the one key with a setter on Object.prototype, was refused above.
    if (!fresh) output[key] = child;
  }
  if (chars > limits.maxChars) return undefined;
  return { value: output, hasNull };
}

function refuse(walk: Walk, message: string): undefined {
  walk.problem ??= { message, path: [] };
  return undefined;
}

function visit(walk: Walk, input: unknown, depth: number): unknown {
  if (++walk.nodes > walk.limits.maxNodes)
    return refuse(walk, `the arguments have more than ${walk.limits.maxNodes} values`);
  switch (typeof input) {
    case 'string':
      walk.chars += input.length;
      if (walk.chars > walk.limits.maxChars)
        return refuse(walk, `the arguments are longer than ${walk.limits.maxChars} characters`);
      return input;
    case 'number':
      return Number.isFinite(input) ? input : refuse(walk, `${String(input)} is not a JSON number`);
    case 'boolean':
      return input;
    case 'object':
      if (input === null) {
        walk.hasNull = true;
        return null;
      }
      break;
    default:
      return refuse(walk, `a ${typeof input} is not JSON data`);
  }
  if (depth >= walk.limits.maxDepth)
    return refuse(walk, `the arguments are nested deeper than ${walk.limits.maxDepth} levels`);
  if (!walk.fresh && walk.stack.includes(input)) return refuse(walk, 'the arguments contain a cycle');
  walk.stack.push(input);
  const result = Array.isArray(input) ? visitArray(walk, input, depth) : visitObject(walk, input, depth);
  walk.stack.pop();
  return result;
}

function visitArray(walk: Walk, input: unknown[], depth: number): unknown {
  const output: unknown[] = walk.fresh ? input : new Array(input.length);
  for (let index = 0; index < input.length; index++) {
    const child = visit(walk, input[index], depth + 1);
    if (walk.problem) {
      walk.problem.path.unshift(index);
      return undefined;
    }
    if (!walk.fresh) output[index] = child;
  }
  return output;
}

function visitObject(walk: Walk, input: object, depth: number): unknown {
  if (!walk.fresh) {
    const prototype = Object.getPrototypeOf(input);
    if (prototype !== Object.prototype && prototype !== null) {
      if (input instanceof Date) return input.toISOString();
      return refuse(walk, `a ${prototype?.constructor?.name ?? 'class'} instance is not JSON data`);
    }
  }
  const output: Record<string, unknown> = walk.fresh ? (input as Record<string, unknown>) : {};
  for (const key of Object.keys(input)) {
    if (key === '__proto__') {
      refuse(walk, `the key '${key}' is not allowed`);
      walk.problem!.path.unshift(key);
      return undefined;
    }
    walk.chars += key.length;
    const child = visit(walk, (input as Record<string, unknown>)[key], depth + 1);
    if (walk.problem) {
      walk.problem.path.unshift(key);
      return undefined;
    }
    // Plain assignment is safe: `__proto__`, the one key with a setter on Object.prototype, was refused above.
    if (!walk.fresh && child !== undefined) output[key] = child;
  }
  return output;
}
