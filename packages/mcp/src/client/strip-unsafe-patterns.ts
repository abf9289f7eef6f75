import safeRegex from 'safe-regex2';

/** A JSON Schema with the regexes a local validator must not run taken out, and where they were. */
export interface StrippedSchema {
  readonly schema: Record<string, unknown>;
  /** JSON Pointers of the removed `pattern`s and `patternProperties` entries. */
  readonly removed: readonly string[];
}

/**
 * Copy a remote JSON Schema without the `pattern` / `patternProperties` regexes that are invalid or could
 * backtrack catastrophically (what `defineAction` refuses). The remote server still checks its own input, so the
 * tool stays usable; only the local early check of those strings is lost.
 */
export function stripUnsafePatterns(schema: Record<string, unknown>): StrippedSchema {
  const removed: string[] = [];
  const copy = (node: unknown, path: string, depth: number): unknown => {
    if (node === null || typeof node !== 'object' || depth > 64) return node;
    if (Array.isArray(node)) return node.map((child, index) => copy(child, `${path}/${index}`, depth + 1));
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const at = `${path}/${pointerToken(key)}`;
      if (key === 'enum' || key === 'const' || key === 'examples' || key === 'default') result[key] = value;
      else if (key === 'pattern' && typeof value === 'string' && !isSafe(value)) removed.push(at);
      else if (key === 'patternProperties' && value && typeof value === 'object' && !Array.isArray(value)) {
        const kept: Record<string, unknown> = {};
        for (const [pattern, child] of Object.entries(value as Record<string, unknown>)) {
          if (isSafe(pattern)) kept[pattern] = copy(child, `${at}/${pointerToken(pattern)}`, depth + 1);
          else removed.push(`${at}/${pointerToken(pattern)}`);
        }
        result[key] = kept;
      } else result[key] = copy(value, at, depth + 1);
    }
    return result;
  };
  return { schema: copy(schema, '#', 0) as Record<string, unknown>, removed };
}

function isSafe(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return safeRegex(pattern);
}

function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
