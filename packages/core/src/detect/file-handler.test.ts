import { describe, expect, it } from 'vitest';
import { checkRelativePath } from './check-relative-path.js';
import { createFileHandler } from './file-handler.js';
import { createMemoryFileAppender } from './memory-file-appender.js';
import type { DetectedAction } from './types.js';

const context = {
  signal: new AbortController().signal,
  logger: { debug() {}, info() {}, warn() {}, error() {} },
  handler: 'builtin:file',
};
const now = () => new Date('2025-01-02T03:04:05.000Z');
const decision: DetectedAction = {
  type: 'decision',
  content: 'TypeScript を採用する',
  metadata: { rationale: '型安全性と IDE サポート' },
};

describe('builtin:file', () => {
  it('appends Markdown sections', async () => {
    const appender = createMemoryFileAppender();
    const handler = createFileHandler({ appender, now });
    await handler(decision, context);
    const result = await handler(
      { type: 'note', content: 'line 1\nline 2', metadata: { tags: ['a'] } },
      context,
    );
    expect(result).toEqual({ file: 'agent-actions.md', bytes: expect.any(Number) });
    expect(appender.files.get('agent-actions.md')).toBe(
      [
        '## decision (2025-01-02T03:04:05.000Z)',
        '',
        'TypeScript を採用する',
        '',
        '- **rationale**: 型安全性と IDE サポート',
        '',
        '## note (2025-01-02T03:04:05.000Z)',
        '',
        'line 1',
        'line 2',
        '',
        '- **tags**: ["a"]',
        '',
        '',
      ].join('\n'),
    );
  });

  it('appends JSON lines to a per-type file, counting bytes in UTF-8', async () => {
    const appender = createMemoryFileAppender();
    const handler = createFileHandler({ appender, format: 'jsonl', file: 'log/{type}.jsonl', now });
    const result = (await handler(decision, context)) as { file: string; bytes: number };
    const line = appender.files.get('log/decision.jsonl')!;
    expect(JSON.parse(line)).toEqual({
      time: '2025-01-02T03:04:05.000Z',
      type: 'decision',
      content: decision.content,
      metadata: decision.metadata,
    });
    expect(line.endsWith('\n')).toBe(true);
    expect(result).toEqual({ file: 'log/decision.jsonl', bytes: new TextEncoder().encode(line).byteLength });
  });

  it('refuses paths that leave the folder, from the config or from the action', async () => {
    const appender = createMemoryFileAppender();
    for (const file of ['../out.md', '/etc/passwd', 'C:\\x.md', 'a/../../b.md', 'a\0.md']) {
      await expect(createFileHandler({ appender, file })(decision, context)).rejects.toThrow(/refused/);
    }
    const handler = createFileHandler({ appender, allowActionPath: true });
    await expect(
      handler({ ...decision, metadata: { file: '../../.ssh/authorized_keys' } }, context),
    ).rejects.toThrow(/climbs out/);
    await handler({ ...decision, metadata: { file: 'notes/ok.md' } }, context);
    expect([...appender.files.keys()]).toEqual(['notes/ok.md']);
    // Without allowActionPath an action's `file` is only metadata.
    await createFileHandler({ appender })({ ...decision, metadata: { file: '../x' } }, context);
    expect(appender.files.get('agent-actions.md')).toContain('- **file**: ../x');
  });
});

describe('checkRelativePath', () => {
  it('normalizes safe paths and explains every refusal', () => {
    expect(checkRelativePath('./a//b/./c.md')).toEqual({ ok: true, path: 'a/b/c.md' });
    const refused: Array<[unknown, RegExp]> = [
      ['', /empty/],
      [42, /empty/],
      ['..', /climbs out/],
      ['a/../../b', /climbs out/],
      ['/abs', /absolute/],
      ['\\\\server\\share', /backslash/],
      ['C:/x', /drive letter/],
      ['c:x', /drive letter/],
      ['a\0b', /NUL/],
      ['a\nb', /control/],
      ['dir/', /folder/],
      ['.', /folder/],
      ['x'.repeat(2000), /longer/],
    ];
    for (const [path, reason] of refused) {
      const checked = checkRelativePath(path);
      expect(checked.ok, String(path)).toBe(false);
      if (!checked.ok) expect(checked.reason).toMatch(reason);
    }
  });
});
