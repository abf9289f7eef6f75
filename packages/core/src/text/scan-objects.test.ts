import { describe, expect, it } from 'vitest';
import { actionAnchors, scanObjects, startsWithActionKey } from './scan-objects.js';

const texts = (text: string) => scanObjects(text).map((span) => text.slice(span.start, span.end));

describe('scanObjects', () => {
  it('finds outermost balanced objects and skips braces in strings', () => {
    expect(texts('a {"x": "}{", "y": {"z": 1}} b {} c')).toEqual(['{"x": "}{", "y": {"z": 1}}', '{}']);
  });

  it('respects escaped quotes', () => {
    expect(texts('{"x": "a \\" } b"} tail')).toEqual(['{"x": "a \\" } b"}']);
  });

  it("treats ' as a string only where a key or value may start", () => {
    expect(texts("{'x': '}'} and {note: it's fine}")).toEqual(["{'x': '}'}", "{note: it's fine}"]);
  });

  it('reports a cut-off object as truncated', () => {
    const [span] = scanObjects('prose {"action": "a", "b": {"c"');
    expect(span).toMatchObject({ truncated: true, end: 31 });
  });

  it('stops after max spans and honours from/to', () => {
    expect(scanObjects('{}{}{}', 0, 6, 2)).toHaveLength(2);
    expect(scanObjects('{} {"a":1}', 2)).toEqual([{ start: 3, end: 10, truncated: false }]);
  });
});

describe('action anchors', () => {
  it('recognises {"action": …} with any quoting and spacing', () => {
    for (const text of ['{"action": 1}', "{ 'action' :1}", '{action:1}', '{\n  "action"\n: 1}']) {
      expect(startsWithActionKey(text, 0)).toBe(true);
    }
    for (const text of ['{"actions": 1}', '{"x": 1, "action": 2}', '{"action\': 1}']) {
      expect(startsWithActionKey(text, 0)).toBe(false);
    }
  });

  it('keeps only the last max anchors', () => {
    const text = '{"action":1} {"action":2} {"action":3}';
    expect(actionAnchors(text, 0, text.length, 2)).toEqual([13, 26]);
  });
});
