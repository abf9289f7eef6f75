import { AffordanceError } from '../errors/action-error.js';
import { isSafePattern } from './safe-pattern.js';
import type { JsonSchema } from './types.js';

/**
 * Refuse schemas whose `pattern` / `patternProperties` regexes could backtrack catastrophically
 * (star height above one, as safe-regex2 judges), so hostile input cannot hang the process.
 */
export function checkPatterns(schema: JsonSchema, where: string): void {
  const visit = (node: unknown, path: string, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) visit(child, `${path}/${index}`, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') assertSafe(record.pattern, `${path}/pattern`, where);
    if (record.patternProperties && typeof record.patternProperties === 'object') {
      for (const key of Object.keys(record.patternProperties))
        assertSafe(key, `${path}/patternProperties`, where);
    }
    for (const [key, child] of Object.entries(record)) {
      if (key === 'enum' || key === 'const' || key === 'examples' || key === 'default') continue;
      visit(child, `${path}/${key}`, depth + 1);
    }
  };
  visit(schema, '#', 0);
}

function assertSafe(pattern: string, at: string, where: string): void {
  let valid = true;
  try {
    new RegExp(pattern, 'u');
  } catch {
    valid = false;
  }
  if (!valid)
    throw new AffordanceError(
      'invalid_schema',
      `${where}: ${at} is not a valid regular expression: ${pattern}`,
    );
  if (!isSafePattern(pattern)) {
    throw new AffordanceError(
      'unsafe_pattern',
      `${where}: ${at} ${pattern} can backtrack catastrophically on hostile input; rewrite it without nested quantifiers`,
    );
  }
}
