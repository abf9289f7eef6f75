import { describe, expect, it } from 'vitest';
import { findFences } from './find-fences.js';

const bodyOf = (text: string, fence: { bodyStart: number; bodyEnd: number }) =>
  text.slice(fence.bodyStart, fence.bodyEnd);

describe('findFences', () => {
  it('finds backtick and tilde fences with their info word', () => {
    const text = 'intro\n```agent-action\n{"a": 1}\n```\nmiddle\n~~~json extra\n[1]\n~~~\n';
    const fences = findFences(text);
    expect(fences.map((fence) => fence.info)).toEqual(['agent-action', 'json']);
    expect(bodyOf(text, fences[0]!)).toBe('{"a": 1}\n');
    expect(bodyOf(text, fences[1]!)).toBe('[1]\n');
    expect(fences.every((fence) => fence.closed)).toBe(true);
    expect(text.slice(fences[0]!.start, fences[0]!.end)).toBe('```agent-action\n{"a": 1}\n```\n');
  });

  it('needs a closing fence of the same character and at least the same length', () => {
    const text = '````agent-action\n```\nstill inside\n~~~~\n````\nafter';
    const fences = findFences(text);
    expect(fences).toHaveLength(1);
    expect(bodyOf(text, fences[0]!)).toBe('```\nstill inside\n~~~~\n');
  });

  it('runs an unclosed fence to the end of the text', () => {
    const text = 'x\n```agent-action\n{"action": "do';
    const [fence] = findFences(text);
    expect(fence).toMatchObject({
      info: 'agent-action',
      closed: false,
      end: text.length,
      bodyEnd: text.length,
    });
    expect(bodyOf(text, fence!)).toBe('{"action": "do');
  });

  it('reads CRLF line endings and an upper-case tag', () => {
    const text = '```Agent-Action\r\n{"a":1}\r\n```\r\n';
    const [fence] = findFences(text);
    expect(fence).toMatchObject({ info: 'agent-action', closed: true });
    expect(bodyOf(text, fence!)).toBe('{"a":1}\r\n');
  });

  it('finds an inline ```tag block only when asked for that tag', () => {
    const text = 'Here: ```agent-action {"action":"x"}``` done';
    expect(findFences(text)).toEqual([]);
    const [fence] = findFences(text, 'agent-action');
    expect(bodyOf(text, fence!)).toBe(' {"action":"x"}');
    expect(findFences('see ```agent-actions {}```', 'agent-action')).toEqual([]);
  });

  it('ignores fences indented four spaces or more', () => {
    expect(findFences('    ```json\n{}\n    ```\n')).toEqual([]);
  });
});
