import { describe, expect, it } from 'vitest';
import { FilePathError } from '../detect/file-path-error.js';
import { GithubError } from '../detect/github-error.js';
import { ConversationStoreError } from '../ports/conversation-store.js';
import { EmbeddingError } from '../ranking/embedding-error.js';
import { PartialJsonError } from '../streaming/partial-json-error.js';
import { ActionFailure } from './action-failure.js';
import { AffordanceError, isKernelError } from './affordance-error.js';

// A second copy of the modules, as two installs or two bundles of the package would load them: the query makes
// Vite evaluate each file again, so its classes are other objects than the ones imported above.
async function secondCopy() {
  const load = (path: string): Promise<unknown> => import(/* @vite-ignore */ `${path}?second-copy`);
  const base = (await load('./affordance-error.js')) as typeof import('./affordance-error.js');
  const failure = (await load('./action-failure.js')) as typeof import('./action-failure.js');
  const partial = (await load(
    '../streaming/partial-json-error.js',
  )) as typeof import('../streaming/partial-json-error.js');
  return { ...base, ...failure, ...partial };
}

const at = { offset: 3, line: 1, column: 4 };

describe('AffordanceError', () => {
  it('gives every error of the family a name, a code and the family brand', () => {
    const errors = [
      new AffordanceError('invalid_option', 'limit must be positive'),
      new ActionFailure('forbidden', 'only admins may do this'),
      new PartialJsonError('unexpected_end', 'the text ended', at),
      new FilePathError('parent_segment', '../x.md', 'a .. segment'),
      new GithubError('network', 'no answer'),
      new ConversationStoreError('exists', 'taken'),
      new EmbeddingError('POST /embeddings answered 500', 500),
    ];
    expect(errors.map((error) => [error.name, error.code])).toEqual([
      ['AffordanceError', 'invalid_option'],
      ['ActionFailure', 'forbidden'],
      ['PartialJsonError', 'unexpected_end'],
      ['FilePathError', 'parent_segment'],
      ['GithubError', 'network'],
      ['ConversationStoreError', 'exists'],
      ['EmbeddingError', 'http_error'],
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect(AffordanceError.isInstance(error)).toBe(true);
    }
    expect(new EmbeddingError('a zero vector').code).toBe('invalid_answer');
  });

  it('checks one class without instanceof: a subclass is its own class and the family, not a sibling', () => {
    const partial = new PartialJsonError('too_deep', 'nested too deep', at);
    expect(PartialJsonError.isInstance(partial)).toBe(true);
    expect(ActionFailure.isInstance(partial)).toBe(false);
    expect(FilePathError.isInstance(partial)).toBe(false);
    expect(isKernelError(partial)).toBe(false);
    expect(isKernelError(new AffordanceError('unknown_approval', 'no approval a1'))).toBe(true);
  });

  it('recognises errors made by a second copy of the package, which instanceof does not', async () => {
    const copy = await secondCopy();
    expect(copy.AffordanceError).not.toBe(AffordanceError);
    expect(copy.PartialJsonError).not.toBe(PartialJsonError);

    const kernel = new copy.AffordanceError('invalid_definition', 'no name');
    const failure = new copy.ActionFailure('rate_limited', 'slow down');
    const partial = new copy.PartialJsonError('unexpected_character', "'x' is not JSON", at);
    expect(kernel instanceof AffordanceError).toBe(false);
    expect(partial instanceof PartialJsonError).toBe(false);

    expect(AffordanceError.isInstance(kernel)).toBe(true);
    expect(isKernelError(kernel)).toBe(true);
    expect(AffordanceError.isInstance(failure)).toBe(true);
    expect(ActionFailure.isInstance(failure)).toBe(true);
    expect(PartialJsonError.isInstance(partial)).toBe(true);
    expect(ActionFailure.isInstance(partial)).toBe(false);
    // And the other way round: the copy's checks know this copy's errors.
    expect(copy.PartialJsonError.isInstance(new PartialJsonError('too_large', 'too long', at))).toBe(true);
    expect(copy.AffordanceError.isInstance(new GithubError('http', 'GitHub answered 500'))).toBe(true);
  });

  it('refuses look-alikes: plain errors and objects with the same name and code', () => {
    const plain = Object.assign(new Error('same text'), { name: 'PartialJsonError', code: 'unexpected_end' });
    const object = { name: 'ActionFailure', code: 'forbidden', message: 'no' };
    for (const value of [plain, object, null, undefined, 'ActionFailure', 42]) {
      expect(AffordanceError.isInstance(value)).toBe(false);
      expect(PartialJsonError.isInstance(value)).toBe(false);
      expect(ActionFailure.isInstance(value)).toBe(false);
      expect(isKernelError(value)).toBe(false);
    }
  });

  it('keeps the brand out of what is serialised or compared', () => {
    const failure = new ActionFailure('invalid_args', 'color must be a hex code', { hint: 'use #rrggbb' });
    expect(Object.keys(failure)).toEqual(['name', 'code', 'extra']);
    expect(JSON.parse(JSON.stringify(failure))).toEqual({
      name: 'ActionFailure',
      code: 'invalid_args',
      extra: { hint: 'use #rrggbb' },
    });
  });

  it('keeps `kind` as a deprecated alias of `code` for code written before `code`', () => {
    const failure = new ActionFailure('invalid_args', 'color must be a hex code');
    expect(failure.kind).toBe(failure.code);
    expect(Object.keys(failure)).not.toContain('kind');
  });
});
