/** agent.json documents, good and bad, whose validation must read the same under ajv and the CSP-safe validator. */
export const AGENT_CONFIGS: unknown[] = [
  {
    actions: {
      enabled: true,
      types: ['decision', 'note'],
      handlers: { decision: 'builtin:log', note: 'builtin:github-issue' },
      github: { owner: 'acme', repo: 'app' },
    },
    steps: { 'complete.issue': { completionConditions: [{ validator: 'git-clean' }] } },
  },
  {
    actions: {
      enabled: 'yes',
      outputFormat: 'xml',
      types: ['note', 'note'],
      handlers: { note: 'builtin:logg', decision: 'no spaces!', 'bad key': 'builtin:log' },
      extra: 1,
    },
    steps: {
      'bad id': {},
      'complete.issue': {
        completionConditions: [
          { validator: 'tests-pass', comand: 'npm test' },
          { validator: 'git-clean', cwd: 3 },
          {},
        ],
        onFailure: { action: 'retry', maxAttempts: 0 },
        completionCondition: [],
      },
    },
  },
  {
    actions: { enabled: true, types: ['issue-action'], handlers: { 'issue-action': 'builtin:github-issue' } },
  },
  [],
  'agent',
];
