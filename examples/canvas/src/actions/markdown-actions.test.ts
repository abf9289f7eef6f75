import type { RunResult } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createCanvasRegistry, DEMO_USERS } from '../create-canvas-registry.js';

const user = DEMO_USERS.editor;

function failure(result: RunResult) {
  if (result.ok) throw new Error(`expected a failure, got ${result.modelOutput}`);
  return result.error;
}

describe('markdown_updateContent', () => {
  it('replaces the text', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'markdown_updateContent',
      args: { blockId: 'md-1', content: 'Hello world' },
      user,
    });
    expect(result).toMatchObject({ ok: true, value: { message: 'Content updated (11 characters)' } });
    expect(documents.get('md-1')).toMatchObject({ content: 'Hello world' });
  });

  it('refuses a number and an unknown property', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'markdown_updateContent',
        args: { blockId: 'md-1', content: 5, text: 'x' },
        user,
      }),
    );
    expect(error.message).toContain('content must be a string; you sent 5');
    expect(error.message).toContain('text is not an allowed property');
  });

  it('is unavailable on the locked block', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({ name: 'markdown_updateContent', args: { blockId: 'md-2', content: 'x' }, user }),
    );
    expect(error.message).toBe('markdown_updateContent is unavailable: block is locked');
  });
});

describe('markdown_formatHeading', () => {
  it('makes the first line a heading, and another line when asked', async () => {
    const { registry, documents } = createCanvasRegistry();
    await registry.run({ name: 'markdown_formatHeading', args: { blockId: 'md-1', level: 1 }, user });
    expect(documents.get('md-1')).toMatchObject({
      content: '# Quarterly plan\n\nShip the canvas demo and write the launch notes.',
    });
    const result = await registry.run({
      name: 'markdown_formatHeading',
      args: { blockId: 'md-1', level: 3, line: 3 },
      user,
    });
    expect(result).toMatchObject({ ok: true, value: { message: 'Made line 3 a level 3 heading' } });
    expect(documents.get('md-1')).toMatchObject({
      content: '# Quarterly plan\n\n### Ship the canvas demo and write the launch notes.',
    });
  });

  it('refuses level 7 by schema, and a missing line by domain rule', async () => {
    const { registry } = createCanvasRegistry();
    expect(
      failure(
        await registry.run({ name: 'markdown_formatHeading', args: { blockId: 'md-1', level: 7 }, user }),
      ).message,
    ).toBe('level must be <= 6; you sent 7');
    const error = failure(
      await registry.run({
        name: 'markdown_formatHeading',
        args: { blockId: 'md-1', level: 2, line: 9 },
        user,
      }),
    );
    expect(error).toMatchObject({
      code: 'invalid_args',
      message: 'line 9 does not exist; the block has 3 line(s), so use 1 to 3',
    });
  });
});

describe('markdown_insertLink', () => {
  it('links a phrase in place', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'markdown_insertLink',
      args: { blockId: 'md-1', text: 'launch notes', url: 'https://example.com/notes' },
      user,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { message: 'Linked "launch notes" to https://example.com/notes' },
    });
    expect((documents.get('md-1') as { content: string }).content).toContain(
      'write the [launch notes](https://example.com/notes).',
    );
  });

  it('refuses a javascript: url', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'markdown_insertLink',
        args: { blockId: 'md-1', text: 'x', url: 'javascript:alert(1)' },
        user,
      }),
    );
    expect(error.message).toMatch(/^url must match \^https\?:\/\/.*; you sent 'javascript:alert\(1\)'$/);
  });

  it('takes a url with a port, path and query, and refuses one with a space', async () => {
    const { registry } = createCanvasRegistry();
    const url = 'http://localhost:8080/a/b?c=d#e';
    expect(
      await registry.run({
        name: 'markdown_insertLink',
        args: { blockId: 'md-1', text: 'local', url },
        user,
      }),
    ).toMatchObject({
      ok: true,
      value: { block: { content: expect.stringContaining(`[local](${url})`) } },
    });
    const spaced = await registry.run({
      name: 'markdown_insertLink',
      args: { blockId: 'md-1', text: 'x', url: 'https://a.dev/b c' },
      user,
    });
    expect(failure(spaced).issues?.[0]?.path).toEqual(['url']);
  });
});

describe('markdown_convertToCode', () => {
  it('fences the block, then is unavailable on it, as are headings and links', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'markdown_convertToCode',
      args: { blockId: 'md-1', language: 'md' },
      user,
    });
    expect(result).toMatchObject({ ok: true, value: { message: 'Converted to a md code block' } });
    expect((documents.get('md-1') as { content: string }).content).toMatch(
      /^```md\nQuarterly plan[\s\S]*\n```$/,
    );
    const unavailable = registry.available({
      target: 'markdown:md-1',
      user,
      scope: 'markdown',
      include: 'all',
    });
    const reasons = Object.fromEntries(unavailable.map((entry) => [entry.name, entry.reason]));
    expect(reasons).toMatchObject({
      markdown_convertToCode: 'block is already a code block',
      markdown_formatHeading: 'block is a code block; change it with updateContent',
      markdown_insertLink: 'block is a code block; change it with updateContent',
      markdown_updateContent: undefined,
    });
  });

  it('refuses a language with spaces', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'markdown_convertToCode',
        args: { blockId: 'md-1', language: 'type script' },
        user,
      }),
    );
    expect(error.code).toBe('invalid_args');
    expect(error.issues?.[0]?.path).toEqual(['language']);
  });
});
