import { AffordanceError } from '../errors/affordance-error.js';

/** The `actions` block of `agent.json`, with defaults filled in. */
export interface AgentActionsConfig {
  readonly enabled: boolean;
  readonly types: readonly string[];
  readonly outputFormat: 'agent-action';
  /** Record type → handler name. */
  readonly handlers: Readonly<Record<string, string>>;
  readonly file?: {
    readonly folder: string;
    readonly format: 'markdown' | 'jsonl';
    readonly file?: string;
    readonly allowActionPath: boolean;
    /** Extensions that may be written (default `DEFAULT_FILE_EXTENSIONS`). */
    readonly extensions?: readonly string[];
    /** Paths that may be written although they are dotfiles, have another extension or are build files. */
    readonly allowPaths?: readonly string[];
  };
  readonly github?: {
    readonly owner: string;
    readonly repo: string;
    readonly baseUrl?: string;
    readonly tokenEnv: string;
    readonly labels?: readonly string[];
    readonly issueNumber?: number;
  };
}

/** A check run after the model declares a step done: a built-in validator or a custom one by name. */
export type CompletionCondition =
  | {
      readonly validator: 'git-clean';
      readonly description?: string;
      readonly cwd?: string;
      readonly includeUntracked: boolean;
    }
  | {
      readonly validator: 'tests-pass';
      readonly description?: string;
      readonly command: string;
      readonly cwd?: string;
      readonly timeoutMs: number;
    }
  | { readonly validator: string; readonly description?: string; readonly [option: string]: unknown };

/** What to do when a completion condition fails. */
export interface OnFailure {
  readonly action: 'retry' | 'fail';
  readonly maxAttempts: number;
}

/** One step of `agent.json`. */
export interface StepConfig {
  readonly description?: string;
  readonly completionConditions: readonly CompletionCondition[];
  readonly onFailure: OnFailure;
}

/** A validated `agent.json`; keys this module does not own are kept as they were. */
export interface AgentConfig {
  readonly actions?: AgentActionsConfig;
  readonly steps: Readonly<Record<string, StepConfig>>;
  readonly [key: string]: unknown;
}

/** A problem in `agent.json`, pointing at the offending key. */
export interface AgentConfigIssue {
  /** JSON Pointer to the key (`/actions/handlers/decision`; `` for the whole file). */
  readonly pointer: string;
  /** The same place as a dotted path (`actions.handlers.decision`, `steps["complete.issue"].onFailure`). */
  readonly path: string;
  readonly message: string;
  readonly keyword?: string;
}

/** Why a valid `agent.json` still deserves attention. */
export type AgentConfigWarningCode =
  /** Completion is decided by action detection (the legacy `issue-action` type): use `completionConditions`. */
  | 'deprecated_completion_by_action'
  /** A top-level key that looks like a misspelling of `actions` or `steps`. */
  | 'unknown_key'
  /** A configured type has no handler: its records will fail with `no_handler`. */
  | 'unrouted_type'
  /** A handler is routed for a type that `types` does not list: its records are never run. */
  | 'unlisted_type';

/** A warning about a valid `agent.json`. */
export interface AgentConfigWarning extends AgentConfigIssue {
  readonly code: AgentConfigWarningCode;
}

/** The outcome of validating `agent.json`: the config with defaults, or every issue found. Warnings either way. */
export type AgentConfigResult =
  | { readonly ok: true; readonly config: AgentConfig; readonly warnings: AgentConfigWarning[] }
  | { readonly ok: false; readonly errors: AgentConfigIssue[]; readonly warnings: AgentConfigWarning[] };

/** Thrown by loaders for an invalid `agent.json` (code `invalid_config`); `issues` point at the offending keys. */
export class AgentConfigError extends AffordanceError<'invalid_config'> {
  static override readonly errorName = 'AgentConfigError';
  constructor(
    readonly issues: readonly AgentConfigIssue[],
    readonly source = 'agent.json',
  ) {
    super(
      'invalid_config',
      `${source} is invalid:\n${issues.map((issue) => `  - ${issue.message}`).join('\n')}`,
    );
  }
}
