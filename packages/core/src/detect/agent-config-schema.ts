import type { JsonSchema } from '../action/types.js';

const BUILTIN_TYPES = ['decision', 'action-item', 'note', 'question', 'summary'];

/**
 * The JSON Schema of `agent.json` (draft-07), published as `schemas/agent.schema.json`: the `actions` block of the
 * action system, the per-step `completionConditions` / `onFailure` blocks and the `run` block of loop settings. Other top-level keys are left to their
 * owners. Defaults are filled in by `validateAgentConfig`.
 */
export const agentConfigSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Affordance agent.json',
  description:
    'Configuration of an Affordance agent: action detection and handlers, per-step completion conditions, and the loop settings (run).',
  type: 'object',
  properties: {
    $schema: { type: 'string', description: 'Path or URL of this schema, for editors.' },
    actions: { $ref: '#/definitions/actions' },
    steps: {
      type: 'object',
      description: 'Steps by id; each says how to check that the step is really done.',
      propertyNames: { pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' },
      additionalProperties: { $ref: '#/definitions/step' },
      default: {},
    },
    run: { $ref: '#/definitions/run' },
  },
  definitions: {
    run: {
      type: 'object',
      description:
        'Loop settings of `affordance agent` and `/agui` (checked by readRunConfig in @affordance/core/agent).',
      properties: {
        maxSteps: { type: 'integer', minimum: 1, description: 'Most model turns (default 20).' },
        stopWhen: {
          type: 'array',
          description: 'Stop rules; the first that holds ends the run `stopped`.',
          items: {
            oneOf: [
              {
                type: 'object',
                properties: { stepCount: { type: 'integer', minimum: 1 } },
                required: ['stepCount'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: { toolCall: { type: 'string', minLength: 1 } },
                required: ['toolCall'],
                additionalProperties: false,
              },
            ],
          },
        },
        output: { type: 'object', description: 'The JSON Schema (an object schema) of the final answer.' },
        outputMode: {
          type: 'string',
          enum: ['auto', 'native', 'tool'],
          description: "The provider's response format (native), a final_answer tool, or auto.",
        },
        outputRetries: {
          type: 'integer',
          minimum: 0,
          description: 'Invalid final answers sent back to be fixed (default 2).',
        },
        telemetry: {
          description: 'OpenTelemetry spans of each run: true, or { "agentName": "<name>" }.',
          oneOf: [
            { type: 'boolean' },
            {
              type: 'object',
              properties: { agentName: { type: 'string', minLength: 1 } },
              additionalProperties: false,
            },
          ],
        },
      },
      additionalProperties: false,
    },
    actions: {
      type: 'object',
      description:
        'Detect typed records in ```agent-action blocks of the model output and hand them to handlers.',
      properties: {
        enabled: { type: 'boolean', default: false },
        types: {
          type: 'array',
          description: `Record types to act on: ${BUILTIN_TYPES.join(', ')}, or custom names.`,
          items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' },
          uniqueItems: true,
          default: BUILTIN_TYPES,
        },
        outputFormat: { type: 'string', enum: ['agent-action'], default: 'agent-action' },
        handlers: {
          type: 'object',
          description:
            'Record type -> handler name: builtin:log, builtin:file, builtin:github-issue, builtin:github-comment, or a custom handler registered by name.',
          propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' },
          additionalProperties: {
            type: 'string',
            pattern:
              '^(builtin:(log|file|github-issue|github-comment)|(?!builtin:)[A-Za-z][A-Za-z0-9_.:/-]*)$',
          },
          default: {},
        },
        file: {
          type: 'object',
          description: 'Settings of builtin:file.',
          properties: {
            folder: {
              type: 'string',
              minLength: 1,
              default: '.affordance/actions',
              description: 'Folder the files are written in, relative to agent.json.',
            },
            format: { type: 'string', enum: ['markdown', 'jsonl'], default: 'markdown' },
            file: {
              type: 'string',
              minLength: 1,
              description: 'File inside the folder; {type} is replaced by the record type.',
            },
            allowActionPath: {
              type: 'boolean',
              default: false,
              description: 'Let a record choose its file with a "file" field (still inside the folder).',
            },
            extensions: {
              type: 'array',
              description:
                'Extensions builtin:file may write, replacing the default .md .txt .json .jsonl .csv .log.',
              items: { type: 'string', pattern: '^\\.[A-Za-z0-9][A-Za-z0-9_-]*$' },
              uniqueItems: true,
            },
            allowPaths: {
              type: 'array',
              description:
                'Paths inside the folder that may be written although they are dotfiles (.env), have another extension, or are build files; {type} is replaced. .git is never written.',
              items: { type: 'string', minLength: 1 },
              uniqueItems: true,
            },
          },
          additionalProperties: false,
        },
        github: {
          type: 'object',
          description: 'Settings of builtin:github-issue and builtin:github-comment.',
          properties: {
            owner: { type: 'string', minLength: 1 },
            repo: { type: 'string', minLength: 1 },
            baseUrl: {
              type: 'string',
              format: 'uri',
              description: 'REST API root; GitHub Enterprise Server: https://HOST/api/v3.',
            },
            tokenEnv: {
              type: 'string',
              pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
              default: 'GITHUB_TOKEN',
              description: 'Environment variable holding the token.',
            },
            labels: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
            issueNumber: {
              type: 'integer',
              minimum: 1,
              description: 'Issue that builtin:github-comment comments on when a record names none.',
            },
          },
          required: ['owner', 'repo'],
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    step: {
      type: 'object',
      properties: {
        description: { type: 'string' },
        completionConditions: {
          type: 'array',
          description: 'Checks run after the model declares the step done; all must pass.',
          items: { $ref: '#/definitions/completionCondition' },
          default: [],
        },
        onFailure: { $ref: '#/definitions/onFailure' },
      },
      additionalProperties: false,
    },
    completionCondition: {
      type: 'object',
      properties: {
        validator: {
          type: 'string',
          minLength: 1,
          description: 'git-clean, tests-pass, or a custom validator name.',
        },
        description: { type: 'string' },
      },
      required: ['validator'],
      allOf: [
        {
          if: { properties: { validator: { const: 'git-clean' } }, required: ['validator'] },
          // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
          then: {
            properties: {
              validator: true,
              description: true,
              cwd: { type: 'string', description: 'Working tree to check (default: the agent folder).' },
              includeUntracked: { type: 'boolean', default: true },
            },
            additionalProperties: false,
          },
        },
        {
          if: { properties: { validator: { const: 'tests-pass' } }, required: ['validator'] },
          // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
          then: {
            properties: {
              validator: true,
              description: true,
              command: { type: 'string', minLength: 1, default: 'npm test' },
              cwd: { type: 'string' },
              timeoutMs: { type: 'integer', minimum: 1, default: 600000 },
            },
            additionalProperties: false,
          },
        },
      ],
    },
    onFailure: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['retry', 'fail'], default: 'retry' },
        maxAttempts: { type: 'integer', minimum: 1, maximum: 100, default: 3 },
      },
      additionalProperties: false,
      default: { action: 'retry', maxAttempts: 3 },
    },
  },
} as const satisfies JsonSchema;
