import { describe, expect, it } from 'vitest';
import { rankDocumentOf } from '../registry/rank-document.js';
import { defineAction } from './define-action.js';
import { qualifiedName } from './qualified-name.js';
import { toolInputSchema } from './tool-input-schema.js';

describe('an action’s group', () => {
  it('reaches the ranking document and changes neither the name nor the schema the model sees', () => {
    const action = defineAction({ name: 'search_code', description: 'Search code', group: 'github' });
    expect(rankDocumentOf(action, qualifiedName(action))).toMatchObject({
      id: 'search_code',
      scope: undefined,
      group: 'github',
    });
    expect(toolInputSchema(action, 'blockId')).toBe(action.inputJsonSchema);
    const plain = defineAction({ name: 'search_code', description: 'Search code' });
    expect(rankDocumentOf(plain, 'search_code')).not.toHaveProperty('group');
  });

  it('must be a word', () => {
    for (const group of ['', '1st', 'two words', 'a/b', 7]) {
      expect(() => defineAction({ name: 'x', description: 'X', group: group as string })).toThrow(
        /group must be a word/,
      );
    }
    expect(defineAction({ name: 'x', description: 'X', group: 'server-1.v2' }).group).toBe('server-1.v2');
  });
});
