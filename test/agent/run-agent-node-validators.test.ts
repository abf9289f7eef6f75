import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRegistry, defineAction, runAgent } from '@affordance/core';
import { createScriptedModel } from '@affordance/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeCompletionValidators } from '../../packages/node/src/agent/node-completion-validators.js';
import { createTempGitRepo } from '../support/temp-git-repo.js';

let dir: string;
let git: (...args: string[]) => string;
let remove: () => void;

beforeEach(() => {
  ({ dir, git, remove } = createTempGitRepo('affordance-agent-repo-', { 'answer.txt': '41\n' }));
});
afterEach(() => remove());

function repoRegistry() {
  return createRegistry({
    actions: [
      defineAction({
        name: 'writeAnswer',
        description: 'Write the answer file',
        input: {
          type: 'object',
          properties: { value: { type: 'string' } },
          required: ['value'],
          additionalProperties: false,
        } as const,
        handler: ({ value }) => {
          writeFileSync(join(dir, 'answer.txt'), `${value}\n`);
          return `answer.txt now holds ${value}`;
        },
      }),
      defineAction({
        name: 'commit',
        description: 'Commit every change',
        input: {
          type: 'object',
          properties: { message: { type: 'string' } },
          required: ['message'],
          additionalProperties: false,
        } as const,
        handler: ({ message }) => {
          git('commit', '-q', '-am', message);
          return 'committed';
        },
      }),
    ],
  });
}

describe('runAgent with the Node completion validators', () => {
  it('retries until tests-pass and git-clean both pass', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'writeAnswer', args: { value: '42' } }] },
      { toolCalls: [{ name: 'done' }] },
      { toolCalls: [{ name: 'commit', args: { message: 'fix the answer' } }] },
      { toolCalls: [{ name: 'done' }] },
    ]);
    const check = `${JSON.stringify(process.execPath)} -e "process.exit(require('fs').readFileSync('answer.txt','utf8').trim() === '42' ? 0 : 1)"`;
    const result = await runAgent({
      model,
      registry: repoRegistry(),
      input: 'Make answer.txt hold 42 and commit.',
      completion: {
        conditions: [
          { validator: 'tests-pass', command: check, cwd: dir, timeoutMs: 20_000 },
          { validator: 'git-clean', cwd: dir, includeUntracked: true },
        ],
        validators: nodeCompletionValidators,
        onFailure: { action: 'retry', maxAttempts: 2 },
      },
    });
    expect(result.status).toBe('done');
    expect(result.attempts.map((attempt) => attempt.conditions.map((item) => [item.name, item.ok]))).toEqual([
      [
        ['tests-pass', true],
        ['git-clean', false],
      ],
      [
        ['tests-pass', true],
        ['git-clean', true],
      ],
    ]);
    expect(result.attempts[0]!.conditions[1]!.message).toContain('M answer.txt');
    expect(git('log', '--format=%s')).toBe('fix the answer\nfirst\n');
  });
});
