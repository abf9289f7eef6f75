import { describe, expect, it } from 'vitest';
import { readJsonAnswer, resolveOutputMode } from './native-output.js';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, note: { type: 'string' } },
  required: ['city'],
};
const reply = (text: string) => ({ text, toolCalls: [], finishReason: 'stop' as const });

describe('native structured output', () => {
  it('reads a JSON object, fenced or not, and drops the nulls strict mode sends for left-out properties', () => {
    expect(readJsonAnswer(reply('{"city":"Lyon","note":null}'), schema)).toEqual({
      ok: true,
      value: { city: 'Lyon' },
    });
    expect(readJsonAnswer(reply('```json\n{"city":"Lyon"}\n```'), schema)).toEqual({
      ok: true,
      value: { city: 'Lyon' },
    });
  });

  it('tells the model what is wrong with text that is not a JSON object', () => {
    expect(readJsonAnswer(reply('Lyon, 12 °C'), schema)).toMatchObject({ ok: false, message: /not JSON/ });
    expect(readJsonAnswer(reply('["Lyon"]'), schema)).toMatchObject({
      ok: false,
      message: /not a JSON object/,
    });
    expect(readJsonAnswer(reply(''), schema)).toMatchObject({ ok: false, message: /no text/ });
  });

  it('chooses native only when the model combines the format with tools (auto), and refuses what cannot work', () => {
    expect(resolveOutputMode(undefined, 'native', 'with-tools')).toBe('native');
    expect(resolveOutputMode('auto', 'native', 'alone')).toBe('tool');
    expect(resolveOutputMode('auto', 'text', 'with-tools')).toBe('tool');
    expect(resolveOutputMode('native', 'native', 'alone')).toBe('native');
    expect(resolveOutputMode('tool', 'native', 'with-tools')).toBe('tool');
    expect(() => resolveOutputMode('native', 'native', undefined)).toThrow(/structuredOutput/);
    expect(() => resolveOutputMode('native', 'text', 'with-tools')).toThrow(/native protocol/);
    expect(() => resolveOutputMode('json' as never, 'native', 'with-tools')).toThrow(/outputMode/);
  });
});
