import { runtimeJsonValidator } from '#json-validator';
import { AffordanceError, type Issue } from '../errors/action-error.js';
import { issuesFromAjv } from '../schema/ajv-issues.js';
import { formatPath } from '../schema/describe-value.js';
import type { JsonSchemaValidator, SchemaCheck, SchemaError } from '../schema/json-schema-validator.js';
import { closestWord, editDistance } from '../util/edit-distance.js';
import type {
  AgentActionsConfig,
  AgentConfig,
  AgentConfigIssue,
  AgentConfigResult,
  AgentConfigWarning,
} from './agent-config.js';
import { agentConfigSchema } from './agent-config-schema.js';
import { fileConfigIssues } from './file-config-issues.js';
import { BUILTIN_HANDLERS } from './types.js';

/** The type the legacy runner watched to decide completion (`issue-action` with `result.action === "close"`). */
const LEGACY_COMPLETION_TYPE = 'issue-action';
const OWNED_KEYS = ['actions', 'steps'];

/** Options of `validateAgentConfig` and `parseAgentConfig`. */
export interface AgentConfigOptions {
  /**
   * The JSON Schema validator (default `runtimeJsonValidator()`: ajv where code may be generated, else the
   * CSP-safe one); both give the same errors.
   */
  readonly validator?: JsonSchemaValidator;
}

/**
 * Validate parsed `agent.json` data against the published schema, then check what a schema cannot say (a GitHub
 * handler needs `actions.github`). Errors and warnings point at the offending key by JSON Pointer and dotted path;
 * deciding completion by action detection is valid but warned as deprecated in favour of `completionConditions`.
 * Never changes its input.
 */
export function validateAgentConfig(value: unknown, options: AgentConfigOptions = {}): AgentConfigResult {
  let data: unknown;
  try {
    data = structuredClone(value);
  } catch {
    return {
      ok: false,
      errors: [
        issueAt([], 'agent.json must be plain JSON data (objects, arrays, strings, numbers, booleans, null)'),
      ],
      warnings: [],
    };
  }
  const refusals = schemaCheck(options.validator ?? runtimeJsonValidator())(data);
  const errors: AgentConfigIssue[] = refusals ? schemaIssues(refusals, data) : [];
  const config = data as AgentConfig;
  const warnings = errors.length === 0 || isRecord(data) ? warningsOf(data as Record<string, unknown>) : [];
  if (errors.length === 0) errors.push(...crossChecks(config));
  if (errors.length > 0) return { ok: false, errors, warnings };
  for (const step of Object.values(config.steps)) {
    (step as { onFailure?: unknown }).onFailure ??= { action: 'retry', maxAttempts: 3 };
  }
  return { ok: true, config, warnings };
}

/** Parse `agent.json` text, then validate it; a JSON syntax error is reported with its line and column. */
export function parseAgentConfig(text: string, options: AgentConfigOptions = {}): AgentConfigResult {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      ok: false,
      errors: [issueAt([], `agent.json is not valid JSON: ${syntaxMessage(error, text)}`, 'json')],
      warnings: [],
    };
  }
  return validateAgentConfig(value, options);
}

// The `run` block is described in the published schema for editors, and checked by `readRunConfig`
// (`@affordance/core/agent`), which names one problem per mistake where a schema's `oneOf` would name each branch.
const { run: _run, ...checkedProperties } = agentConfigSchema.properties;
const checkedSchema = { ...agentConfigSchema, properties: checkedProperties };

function schemaCheck(validator: JsonSchemaValidator): SchemaCheck {
  try {
    return validator.compile(checkedSchema);
  } catch (error) {
    throw new AffordanceError(
      'invalid_schema',
      `the agent.json schema does not compile: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

function crossChecks(config: AgentConfig): AgentConfigIssue[] {
  const actions = config.actions;
  if (!actions) return [];
  const issues: AgentConfigIssue[] = [];
  for (const [type, handler] of Object.entries(actions.handlers)) {
    if (handler.startsWith('builtin:github-') && !actions.github) {
      issues.push(
        issueAt(
          ['actions', 'handlers', type],
          `${dotted(['actions', 'handlers', type])} is ${handler}, which needs actions.github with "owner" and "repo"`,
          'required',
        ),
      );
    }
  }
  if (actions.file) {
    for (const issue of fileConfigIssues(actions.file, actions.types)) {
      const path = ['actions', 'file', ...issue.path];
      issues.push(issueAt(path, `${dotted(path)}: ${issue.message}`, 'file'));
    }
  }
  return issues;
}

function warningsOf(data: Record<string, unknown>): AgentConfigWarning[] {
  const warnings: AgentConfigWarning[] = [];
  const warn = (code: AgentConfigWarning['code'], path: Array<string | number>, message: string) =>
    warnings.push({ code, ...issueAt(path, message) });
  for (const key of Object.keys(data)) {
    if (OWNED_KEYS.includes(key) || key.startsWith('$')) continue;
    const near = closestWord(key, OWNED_KEYS)!;
    if (editDistance(key.toLowerCase(), near) <= 2)
      warn('unknown_key', [key], `${dotted([key])} is not a known key (did you mean \`${near}\`?)`);
  }
  const actions = data.actions as Partial<AgentActionsConfig> | undefined;
  if (!isRecord(actions)) return warnings;
  const types = Array.isArray(actions.types) ? actions.types : [];
  const handlers = isRecord(actions.handlers) ? actions.handlers : {};
  if (actions.enabled) {
    types.forEach((type, index) => {
      if (typeof type === 'string' && !Object.hasOwn(handlers, type)) {
        warn(
          'unrouted_type',
          ['actions', 'types', index],
          `type "${type}" has no handler in actions.handlers; its records will be reported as not run`,
        );
      }
    });
    for (const type of Object.keys(handlers)) {
      if (!types.includes(type))
        warn(
          'unlisted_type',
          ['actions', 'handlers', type],
          `actions.handlers routes "${type}", which actions.types does not list; those records are never run`,
        );
    }
  }
  const legacyIndex = types.indexOf(LEGACY_COMPLETION_TYPE);
  const legacyRouted = Object.hasOwn(handlers, LEGACY_COMPLETION_TYPE);
  if (actions.enabled && (legacyIndex !== -1 || legacyRouted)) {
    warn(
      'deprecated_completion_by_action',
      legacyIndex !== -1
        ? ['actions', 'types', legacyIndex]
        : ['actions', 'handlers', LEGACY_COMPLETION_TYPE],
      `deprecated: deciding completion from a detected "${LEGACY_COMPLETION_TYPE}" action will stop working; declare ` +
        'steps.<id>.completionConditions instead (e.g. [{"validator": "git-clean"}, {"validator": "tests-pass"}]) with ' +
        'onFailure {"action": "retry", "maxAttempts": 3}, and keep actions for extracting records',
    );
  }
  return warnings;
}

// A bad key name is reported at the object holding it; point at the key itself instead. ajv also reports the
// failing keyword under `propertyNames` (carrying `propertyName`), which the key's own issue replaces.
function schemaIssues(errors: readonly SchemaError[], data: unknown): AgentConfigIssue[] {
  const issues: AgentConfigIssue[] = [];
  const rest: SchemaError[] = [];
  for (const error of errors) {
    if (error.propertyName !== undefined) continue;
    const name = error.params.propertyName;
    if (error.keyword !== 'propertyNames' || typeof name !== 'string') {
      rest.push(error);
      continue;
    }
    const path = [...pointerSegments(error.instancePath), name];
    const names = (error.parentSchema as { propertyNames?: { pattern?: unknown } } | undefined)
      ?.propertyNames;
    const pattern = names?.pattern;
    issues.push(
      issueAt(
        path,
        `${dotted(path)}: the key ${JSON.stringify(name)} must match ${String(pattern ?? 'the schema')}`,
        'propertyNames',
      ),
    );
  }
  return [...issuesFromAjv(rest, data).map((issue) => friendly(issue, data)), ...issues];
}

function pointerSegments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

// Rewrite schema messages in agent.json terms: the key's dotted path, and a suggestion for a misspelled built-in.
function friendly(issue: Issue, data: unknown): AgentConfigIssue {
  const path = [...issue.path];
  const generic = formatPath(path);
  let message = issue.message.startsWith(generic)
    ? `${dotted(path)}${issue.message.slice(generic.length)}`
    : issue.message;
  if (path.length === 0) message = message.replace(/^the arguments/, 'agent.json');
  if (path.length === 3 && path[0] === 'actions' && path[1] === 'handlers' && issue.keyword === 'pattern') {
    const value = valueAtPath(data, path);
    if (typeof value === 'string' && value.startsWith('builtin:')) {
      message = `${dotted(path)}: there is no built-in handler "${value}" (did you mean ${closestWord(value, BUILTIN_HANDLERS)}?); the built-ins are ${BUILTIN_HANDLERS.join(', ')}`;
    } else {
      message = `${dotted(path)} must name a handler: a built-in (${BUILTIN_HANDLERS.join(', ')}) or a custom name of letters, digits and _ . : / -; you sent ${JSON.stringify(value)}`;
    }
  }
  return { ...issueAt(path, message, issue.keyword) };
}

function issueAt(path: ReadonlyArray<string | number>, message: string, keyword?: string): AgentConfigIssue {
  const pointer = path
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
  return { pointer, path: dotted(path), message, ...(keyword ? { keyword } : {}) };
}

/** `actions.handlers.decision`, `steps["complete.issue"].completionConditions[0]`, or `agent.json` for the root. */
function dotted(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return 'agent.json';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

function valueAtPath(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = data;
  for (const segment of path)
    current =
      isRecord(current) || Array.isArray(current) ? (current as Record<string, unknown>)[segment] : undefined;
  return current;
}

function syntaxMessage(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return message;
  const offset = Number(position[1]);
  const before = text.slice(0, offset).split('\n');
  return `${message} (line ${before.length}, column ${before.at(-1)!.length + 1})`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
