import { describe, expect, it } from 'vitest';
import { createActionDetector } from './create-action-detector.js';

// The output example of the seed "アクションシステム" (出力形式), verbatim.
const SEED_OUTPUT = [
  '決定事項:',
  '',
  '```agent-action',
  '{',
  '  "type": "decision",',
  '  "content": "TypeScript を採用する",',
  '  "rationale": "型安全性と IDE サポート"',
  '}',
  '```',
].join('\n');

describe('createActionDetector', () => {
  it("reads the seed's example: type, content and the rest as metadata", () => {
    const detector = createActionDetector({
      outputFormat: 'agent-action',
      types: ['decision', 'action-item', 'note'],
    });
    expect(detector.detect(SEED_OUTPUT)).toEqual([
      {
        type: 'decision',
        content: 'TypeScript を採用する',
        metadata: { rationale: '型安全性と IDE サポート' },
        configured: true,
        repaired: false,
        span: { start: SEED_OUTPUT.indexOf('```'), end: SEED_OUTPUT.length },
      },
    ]);
  });

  it('keeps every block in order, custom types included, and marks unconfigured ones instead of dropping them', () => {
    const text = [
      '```agent-action\n{"type": "note", "content": "remember the cache"}\n```',
      'Some prose with {"type": "note", "content": "outside any block"}',
      '```agent-action\n{"type": "risk", "content": "migration may be slow", "severity": "high"}\n```',
      "```agent-action\n{'type': 'question', 'content': 'who owns billing?',}\n```",
      '```json\n{"type": "note", "content": "json fence, not an agent-action"}\n```',
    ].join('\n');
    const detector = createActionDetector({ types: ['note', 'question'] });
    expect(
      detector
        .detect(text)
        .map(({ type, configured, repaired, metadata }) => ({ type, configured, repaired, metadata })),
    ).toEqual([
      { type: 'note', configured: true, repaired: false, metadata: {} },
      { type: 'risk', configured: false, repaired: false, metadata: { severity: 'high' } },
      { type: 'question', configured: true, repaired: true, metadata: {} },
    ]);
    expect(createActionDetector({ types: ['note', 'risk'] }).detect(text)[1]).toMatchObject({
      type: 'risk',
      configured: true,
    });
  });

  it('lists the blocks it cannot read, with a typed code', () => {
    const text = [
      '```agent-action\n{"content": "no type"}\n```',
      '```agent-action\n{"type": "note", "content": 42}\n```',
      '```agent-action\n["note"]\n```',
      '```agent-action\n{"type": "note", : }\n```',
      '```agent-action\n```',
    ].join('\n');
    const { actions, errors } = createActionDetector({ types: ['note'] }).scan(text);
    expect(actions).toEqual([]);
    expect(errors.map((error) => error.code)).toEqual([
      'missing_type',
      'invalid_content',
      'not_an_object',
      'invalid_json',
      'invalid_json',
    ]);
    for (const error of errors) expect(error.raw).toBe(text.slice(error.span.start, error.span.end));
  });

  it('reads a block cut off at the end of the output', () => {
    const [action] = createActionDetector({ types: ['summary'] }).detect(
      '```agent-action\n{"type": "summary", "content": "Done so fa',
    );
    expect(action).toMatchObject({ type: 'summary', content: 'Done so fa', repaired: true });
  });

  it('has no side effects: the same text gives equal results every time', () => {
    const detector = createActionDetector({ types: ['decision'] });
    expect(detector.detect(SEED_OUTPUT)).toEqual(detector.detect(SEED_OUTPUT));
    expect(detector.detect('no blocks here')).toEqual([]);
  });

  it('refuses a bad configuration', () => {
    expect(() => createActionDetector({ outputFormat: 'xml' as 'agent-action', types: [] })).toThrow(
      /outputFormat/,
    );
    expect(() => createActionDetector({ types: [''] })).toThrow(/types/);
  });
});
