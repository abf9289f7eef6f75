import { createRegistry, defineAction } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { toCallToolResult } from './call-result.js';

describe('toCallToolResult', () => {
  const withOutput = defineAction({
    name: 'weather',
    description: 'd',
    output: { type: 'object', properties: { degrees: { type: 'number' } } },
    handler: () => ({ degrees: 21 }),
  });
  const image = defineAction({
    name: 'picture',
    description: 'd',
    handler: () => [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
  });
  const failing = defineAction({
    name: 'strict',
    description: 'd',
    input: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
    handler: () => 'never',
  });
  const registry = createRegistry({ actions: [withOutput, image, failing] });

  it('sends structuredContent beside the text when the action declares an object output', async () => {
    const result = await registry.run({ name: 'weather' });
    expect(toCallToolResult(result, withOutput)).toEqual({
      content: [{ type: 'text', text: '{"degrees":21}' }],
      structuredContent: { degrees: 21 },
    });
  });

  it('passes content blocks through as the content', async () => {
    const result = await registry.run({ name: 'picture' });
    expect(toCallToolResult(result, image)).toEqual({
      content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
    });
  });

  it('turns a failure into isError with the fix-it text and the typed error under _meta', async () => {
    const result = await registry.run({ name: 'strict', args: { n: 'five' } });
    const answer = toCallToolResult(result, failing);
    expect(answer.isError).toBe(true);
    expect(answer.content).toEqual([{ type: 'text', text: result.modelOutput }]);
    expect(result.modelOutput).toMatch(/^Error \(invalid_args\): /);
    expect(answer._meta).toEqual({ 'affordance/error': !result.ok && result.error });
  });
});
