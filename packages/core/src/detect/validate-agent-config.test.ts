import { describe, expect, it } from 'vitest';
import { parseAgentConfig, validateAgentConfig } from './validate-agent-config.js';

// The three agent.json examples of the seed "アクションシステム" (設定, 従来, 推奨), verbatim.
const SEED_ACTIONS = {
  actions: {
    enabled: true,
    types: ['decision', 'action-item', 'note'],
    outputFormat: 'agent-action',
    handlers: { decision: 'builtin:log', 'action-item': 'builtin:github-issue' },
  },
};
const SEED_LEGACY = {
  actions: { enabled: true, types: ['issue-action'], handlers: { 'issue-action': 'builtin:github-issue' } },
};
const SEED_RECOMMENDED = {
  steps: {
    'complete.issue': {
      completionConditions: [{ validator: 'git-clean' }, { validator: 'tests-pass' }],
      onFailure: { action: 'retry', maxAttempts: 3 },
    },
  },
};
const github = { owner: 'acme', repo: 'app' };

describe('validateAgentConfig', () => {
  it("accepts the seed's configuration once the GitHub handler knows its repository, and fills defaults", () => {
    const input = { actions: { ...SEED_ACTIONS.actions, github } };
    const result = validateAgentConfig(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.actions).toEqual({
      ...input.actions,
      github: { ...github, tokenEnv: 'GITHUB_TOKEN' },
    });
    expect(result.config.steps).toEqual({});
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: 'unrouted_type',
        pointer: '/actions/types/2',
        path: 'actions.types[2]',
      }),
    ]);
    expect(input.actions).not.toHaveProperty('github.tokenEnv');
  });

  it('says a GitHub handler needs actions.github, at the handler key', () => {
    const result = validateAgentConfig(SEED_ACTIONS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        pointer: '/actions/handlers/action-item',
        path: 'actions.handlers["action-item"]',
        message:
          'actions.handlers["action-item"] is builtin:github-issue, which needs actions.github with "owner" and "repo"',
        keyword: 'required',
      },
    ]);
  });

  it('accepts the recommended completionConditions with built-in defaults', () => {
    const result = validateAgentConfig(SEED_RECOMMENDED);
    expect(result).toMatchObject({ ok: true, warnings: [] });
    if (!result.ok) return;
    expect(result.config.steps['complete.issue']).toEqual({
      completionConditions: [
        { validator: 'git-clean', includeUntracked: true },
        { validator: 'tests-pass', command: 'npm test', timeoutMs: 600000 },
      ],
      onFailure: { action: 'retry', maxAttempts: 3 },
    });
    const bare = validateAgentConfig({
      steps: { build: { completionConditions: [{ validator: 'custom-check', threshold: 3 }] } },
    });
    expect(bare.ok && bare.config.steps.build).toEqual({
      completionConditions: [{ validator: 'custom-check', threshold: 3 }],
      onFailure: { action: 'retry', maxAttempts: 3 },
    });
  });

  it('warns that deciding completion by action detection is deprecated, naming completionConditions', () => {
    const result = validateAgentConfig({ actions: { ...SEED_LEGACY.actions, github } });
    expect(result.ok).toBe(true);
    const deprecation = result.warnings.find((warning) => warning.code === 'deprecated_completion_by_action');
    expect(deprecation).toMatchObject({ pointer: '/actions/types/0', path: 'actions.types[0]' });
    expect(deprecation!.message).toContain('completionConditions');
    expect(
      validateAgentConfig({ actions: { ...SEED_LEGACY.actions, enabled: false, github } }).warnings,
    ).toEqual([]);
  });

  it('points every error at its key', () => {
    const result = validateAgentConfig({
      actions: {
        enabled: 'yes',
        outputFormat: 'xml',
        types: ['note', 'note'],
        handlers: { note: 'builtin:logg', decision: 'no spaces!' },
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
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byPointer = Object.fromEntries(result.errors.map((error) => [error.pointer, error.message]));
    expect(Object.keys(byPointer).sort()).toEqual(
      [
        '/actions/enabled',
        '/actions/extra',
        '/actions/handlers/decision',
        '/actions/handlers/note',
        '/actions/outputFormat',
        '/actions/types',
        '/steps/bad id',
        '/steps/complete.issue/completionCondition',
        '/steps/complete.issue/completionConditions/0/comand',
        '/steps/complete.issue/completionConditions/1/cwd',
        '/steps/complete.issue/completionConditions/2/validator',
        '/steps/complete.issue/onFailure/maxAttempts',
      ].sort(),
    );
    expect(byPointer['/actions/enabled']).toBe("actions.enabled must be a boolean; you sent 'yes'");
    expect(byPointer['/actions/handlers/note']).toContain('did you mean builtin:log?');
    expect(byPointer['/steps/complete.issue/completionConditions/0/comand']).toBe(
      'steps["complete.issue"].completionConditions[0].comand is not an allowed property (did you mean `command`?)',
    );
    expect(byPointer['/steps/complete.issue/completionCondition']).toContain(
      'did you mean `completionConditions`?',
    );
    expect(byPointer['/steps/complete.issue/onFailure/maxAttempts']).toBe(
      'steps["complete.issue"].onFailure.maxAttempts must be >= 1; you sent 0',
    );
    expect(byPointer['/steps/bad id']).toContain('the key "bad id" must match');
  });

  it('says at load time which builtin:file paths the sandbox would refuse, and how to allow them', () => {
    const withFile = (file: Record<string, unknown>) =>
      validateAgentConfig({
        actions: { enabled: true, types: ['note'], handlers: { note: 'builtin:file' }, file },
      });
    const errorsOf = (result: ReturnType<typeof validateAgentConfig>) =>
      result.ok ? [] : result.errors.map((error) => [error.pointer, error.message]);
    expect(errorsOf(withFile({ folder: '.', file: '.notes.md' }))).toEqual([
      [
        '/actions/file/file',
        expect.stringMatching(
          /^actions\.file\.file: builtin:file would refuse ".notes.md": ".notes.md" is a dot-folder/,
        ),
      ],
    ]);
    expect(errorsOf(withFile({ file: 'log/{type}.yaml' }))).toEqual([
      [
        '/actions/file/file',
        expect.stringContaining('"log/{type}.yaml" (as "log/note.yaml"): the extension .yaml is not allowed'),
      ],
    ]);
    expect(withFile({ file: 'log/{type}.yaml', extensions: ['.yaml'] }).ok).toBe(true);
    expect(withFile({ file: '.notes/{type}.md', allowPaths: ['.notes/{type}.md'] }).ok).toBe(true);
    expect(errorsOf(withFile({ extensions: ['.txt'] }))).toEqual([
      ['/actions/file/extensions', expect.stringContaining('"agent-actions.md"')],
    ]);
    expect(errorsOf(withFile({ allowPaths: ['../up.md', '.git/config', 'ok.md'] }))).toEqual([
      ['/actions/file/allowPaths/0', 'actions.file.allowPaths[0]: the path climbs out of the folder with ..'],
      ['/actions/file/allowPaths/1', 'actions.file.allowPaths[1]: .git is never written, even when listed'],
    ]);
    expect(errorsOf(withFile({ extensions: ['md'] }))).toEqual([
      ['/actions/file/extensions/0', expect.stringContaining('must match')],
    ]);
  });

  it('warns about a misspelled top-level key and a handler for an unlisted type', () => {
    const result = validateAgentConfig({
      action: {},
      stpes: {},
      model: 'x',
      actions: { enabled: true, types: ['note'], handlers: { note: 'builtin:log', decision: 'builtin:log' } },
    });
    expect(result.warnings.map((warning) => [warning.code, warning.pointer])).toEqual([
      ['unknown_key', '/action'],
      ['unknown_key', '/stpes'],
      ['unlisted_type', '/actions/handlers/decision'],
    ]);
  });

  it('refuses what is not a JSON object', () => {
    expect(validateAgentConfig([])).toMatchObject({
      ok: false,
      errors: [{ pointer: '', message: 'agent.json must be an object; you sent an empty array' }],
    });
    expect(validateAgentConfig({ f: () => 1 })).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringContaining('plain JSON') }],
    });
  });
});

describe('parseAgentConfig', () => {
  it('reports a JSON syntax error with its line and column', () => {
    const result = parseAgentConfig('{\n  "actions": {\n    "enabled": true,\n  }\n}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]!.message).toMatch(/^agent\.json is not valid JSON: .*\(line 4, column 3\)$/);
  });

  it('reads a file with a byte order mark', () => {
    expect(parseAgentConfig(`\uFEFF${JSON.stringify(SEED_RECOMMENDED)}`).ok).toBe(true);
  });
});
