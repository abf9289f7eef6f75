import { describe, expect, it } from 'vitest';
import {
  finishReasonOf,
  needsThoughtSignatures,
  SKIP_THOUGHT_SIGNATURE,
  toGeminiContents,
} from './gemini-contents.js';

describe('finishReasonOf', () => {
  it('reads STOP after calls as tool-calls, and every filter as content-filter', () => {
    const reasons = [
      'STOP',
      'MAX_TOKENS',
      'SAFETY',
      'RECITATION',
      'SPII',
      'IMAGE_SAFETY',
      'MALFORMED_FUNCTION_CALL',
    ];
    expect(reasons.map((reason) => finishReasonOf(reason, false))).toEqual([
      'stop',
      'length',
      'content-filter',
      'content-filter',
      'content-filter',
      'content-filter',
      'other',
    ]);
    expect(finishReasonOf('STOP', true)).toBe('tool-calls');
    expect(finishReasonOf(undefined, false)).toBe('other');
  });
});

describe('needsThoughtSignatures', () => {
  it('is true from Gemini 3 on, with or without the models/ prefix', () => {
    const names = [
      'gemini-3-pro-preview',
      'models/gemini-3.1-flash',
      'gemini-12-ultra',
      'gemini-2.5-flash',
      'gemma-3',
    ];
    expect(names.map(needsThoughtSignatures)).toEqual([true, true, true, false, false]);
  });
});

describe('toGeminiContents', () => {
  it('joins system messages, keeps argument text that is not JSON an empty object, and signs only the first call', () => {
    const { systemInstruction, contents } = toGeminiContents(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'Go' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'a', name: 'first', args: 'not json' },
            { id: 'b', name: 'second', args: { n: 1 } },
          ],
        },
      ],
      { signatureOf: (id) => (id === 'b' ? 'sig-b' : undefined), placeholder: true },
    );
    expect(systemInstruction).toBe('Be brief.\n\nUse tools.');
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Go' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'first', args: {} }, thoughtSignature: SKIP_THOUGHT_SIGNATURE },
          { functionCall: { name: 'second', args: { n: 1 } }, thoughtSignature: 'sig-b' },
        ],
      },
    ]);
  });
});
