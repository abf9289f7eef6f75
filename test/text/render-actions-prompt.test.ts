import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseActions, renderActionsPrompt } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { canvasRegistry } from './canvas-fixture.js';

// Golden files: run with UPDATE_GOLDEN=1 to rewrite them after an intended change, then review the diff.
function expectGolden(name: string, text: string): void {
  const file = fileURLToPath(new URL(`./goldens/${name}.golden.txt`, import.meta.url));
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

const editor = { id: 'u1', roles: ['editor'] };

describe('renderActionsPrompt', () => {
  it('renders every available action in the json format (gptagent layout)', () => {
    const { registry } = canvasRegistry();
    expectGolden('canvas-json', renderActionsPrompt({ registry, format: 'json', user: editor }));
  });

  it('renders fenced agent-action blocks with the target id filled in', () => {
    const { registry } = canvasRegistry();
    expectGolden(
      'canvas-fenced-shape-1',
      renderActionsPrompt({ registry, format: 'fenced', target: 'shape:shape-1', user: editor }),
    );
  });

  it('leaves out what the user may not do and what the target does not allow', () => {
    const { registry } = canvasRegistry();
    const viewer = renderActionsPrompt({ registry, format: 'json', user: { id: 'u2', roles: [] } });
    expect(viewer).not.toContain('### shape_updateColor');
    expect(viewer).toContain('### shape_resize');
    const locked = renderActionsPrompt({ registry, format: 'json', target: 'shape:shape-2', user: editor });
    expect(locked).not.toContain('### shape_updateColor');
    expect(locked).toContain('"blockId": "shape-2"');
    expect(locked).not.toContain('### markdown_setText');
  });

  it('ranks by query and keeps the limit, always ending with done', () => {
    const { registry } = canvasRegistry();
    const text = renderActionsPrompt({
      registry,
      format: 'json',
      user: editor,
      query: 'markdown text',
      limit: 1,
    });
    expectGolden('canvas-json-query', text);
    expect([...text.matchAll(/^### (.+)$/gm)].map((match) => match[1])).toEqual(['markdown_setText', 'done']);
  });

  it('gives the same text for the same state', () => {
    const first = renderActionsPrompt({
      registry: canvasRegistry().registry,
      format: 'fenced',
      user: editor,
    });
    const second = renderActionsPrompt({
      registry: canvasRegistry().registry,
      format: 'fenced',
      user: editor,
    });
    expect(second).toBe(first);
  });

  it('renders examples that parse back to the same call', () => {
    const { registry } = canvasRegistry();
    for (const format of ['json', 'fenced'] as const) {
      const text = renderActionsPrompt({ registry, format, target: 'shape:shape-1', user: editor });
      const example = text.slice(
        text.indexOf('Example ("Change color to blue"):'),
        text.indexOf('### shape_resize'),
      );
      const parsed = parseActions(example, { format });
      expect(parsed.calls.map((call) => [call.name, call.args])).toEqual([
        ['shape_updateColor', { blockId: 'shape-1', color: '#0000ff' }],
      ]);
    }
  });

  it('refuses an unknown format', () => {
    expect(() =>
      renderActionsPrompt({ registry: canvasRegistry().registry, format: 'xml' as 'json' }),
    ).toThrow(/format must be/);
  });
});
