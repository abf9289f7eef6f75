import type { Issue } from '../errors/action-error.js';
import { closestWord } from '../util/edit-distance.js';
import { describeValue, formatPath, SENSITIVE_VALUE, valueAt } from './describe-value.js';
import type { SchemaError } from './json-schema-validator.js';

/** Whether the value at a path is secret, so a message must not repeat it. */
export type SecretPath = (path: ReadonlyArray<string | number>) => boolean;

const NOTHING_SECRET: SecretPath = () => false;

/**
 * Turn ajv's errors (or the CSP-safe validator's, in the same shape) into issues whose messages tell a model how to fix the call; a value the schema marks secret
 * (`writeOnly`, `x-sensitive`, `format: "password"`) or `secret` says is secret is never repeated.
 */
export function issuesFromAjv(
  errors: readonly SchemaError[],
  data: unknown,
  secret: SecretPath = NOTHING_SECRET,
): Issue[] {
  // The usual refusal is one error: no duplicates to drop.
  if (errors.length === 1) {
    const error = errors[0]!;
    return [describeAjvError(error, pointerToPath(error.instancePath), data, secret)];
  }
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // `if`/`then` and combinator wrappers repeat what their branches already said.
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      if (errors.length > 1) continue;
    }
    const path = pointerToPath(error.instancePath);
    const issue = describeAjvError(error, path, data, secret);
    const key = `${formatPath(issue.path)}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describeAjvError(
  error: SchemaError,
  path: Array<string | number>,
  data: unknown,
  secret: SecretPath,
): Issue {
  const where = formatPath(path);
  const params = error.params as Record<string, unknown>;
  const parent = error.parentSchema as Record<string, unknown> | undefined;
  const hidden =
    parent?.writeOnly === true ||
    parent?.['x-sensitive'] === true ||
    parent?.format === 'password' ||
    secret(path);
  const sent = hidden ? SENSITIVE_VALUE : describeValue(valueAt(data, path));
  switch (error.keyword) {
    case 'required': {
      const property = String(params.missingProperty);
      const full = [...path, property];
      return { path: full, keyword: 'required', message: `${formatPath(full)} is required` };
    }
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      const allowed = Object.keys((parent?.properties as object | undefined) ?? {});
      const guess = allowed.length > 0 ? closestWord(property, allowed) : undefined;
      const hint = guess
        ? ` (did you mean \`${guess}\`?)`
        : allowed.length
          ? ` (allowed: ${allowed.join(', ')})`
          : '';
      return {
        path: [...path, property],
        keyword: 'additionalProperties',
        message: `${formatPath([...path, property])} is not an allowed property${hint}`,
      };
    }
    case 'pattern':
      return {
        path,
        keyword: 'pattern',
        message: `${where} must match ${String(params.pattern)}; you sent ${sent}`,
      };
    case 'type':
      return {
        path,
        keyword: 'type',
        message: `${where} must be ${article(String(params.type))}; you sent ${sent}`,
      };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? [];
      return {
        path,
        keyword: 'enum',
        message: `${where} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}; you sent ${sent}`,
      };
    }
    case 'const':
      return {
        path,
        keyword: 'const',
        message: `${where} must be ${JSON.stringify(params.allowedValue)}; you sent ${sent}`,
      };
    case 'format':
      return {
        path,
        keyword: 'format',
        message: `${where} must be a valid ${String(params.format)}; you sent ${sent}`,
      };
    default:
      return {
        path,
        keyword: error.keyword,
        message: `${where} ${error.message ?? 'is invalid'}; you sent ${sent}`,
      };
  }
}

function article(type: string): string {
  if (type.includes(',')) return `one of ${type}`;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

const paths = new Map<string, ReadonlyArray<string | number>>();
const MAX_CACHED_PATHS = 1_000;

// The same schema refuses the same places call after call: the parsed pointer is kept (a copy is handed out).
function pointerToPath(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  let path = paths.get(pointer);
  if (path === undefined) {
    path = pointer
      .slice(1)
      .split('/')
      .map((segment) => {
        const unescaped = segment.replace(/~1/g, '/').replace(/~0/g, '~');
        return /^(0|[1-9]\d*)$/.test(unescaped) ? Number(unescaped) : unescaped;
      });
    if (paths.size >= MAX_CACHED_PATHS) paths.clear();
    paths.set(pointer, path);
  }
  return path.slice();
}
