import { toolInputSchema } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createCanvasRegistry, DEMO_USERS } from './create-canvas-registry.js';

// The scenarios of the seed "Action Context" (seeds/000): block type, relevance and condition filtering,
// then the execution flow of "Make this shape red".
const user = DEMO_USERS.editor;

describe('block type filtering', () => {
  it('offers a markdown block its own actions and explains why shape and image actions are not for it', () => {
    const { registry } = createCanvasRegistry();
    const entries = registry.available({ target: 'markdown:md-1', user });
    const available = entries.filter((entry) => entry.available).map((entry) => entry.name);
    expect(available).toEqual(
      expect.arrayContaining(['markdown_updateContent', 'markdown_formatHeading', 'markdown_insertLink']),
    );
    expect(available.every((name) => name.startsWith('markdown_'))).toBe(true);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    expect(byName.get('shape_updateColor')).toMatchObject({
      available: false,
      reason: 'acts on a shape, not a markdown',
    });
    expect(byName.get('image_crop')?.reason).toMatch(/^acts on an? image, not a markdown$/);
  });
});

describe('relevance filtering', () => {
  it('ranks resize first for "make this bigger" and leaves updateColor out', () => {
    const { registry, documents } = createCanvasRegistry();
    const ranked = registry.available({
      target: documents.get('shape-1')!,
      user,
      query: 'make this bigger',
      include: 'available',
    });
    expect(ranked[0]?.name).toBe('shape_resize');
    expect(ranked.map((entry) => entry.name)).not.toContain('shape_updateColor');
  });

  it('ranks updateColor first for "make this shape red"', () => {
    const { registry } = createCanvasRegistry();
    const [first] = registry.available({
      target: 'shape:shape-1',
      user,
      query: 'make this shape red',
      include: 'available',
    });
    expect(first?.name).toBe('shape_updateColor');
  });
});

describe('condition filtering', () => {
  it('on a locked block: updateContent unavailable with the reason, duplicate and unlock available', () => {
    const { registry, documents } = createCanvasRegistry();
    expect(documents.get('md-2')?.locked).toBe(true);
    const entries = new Map(
      registry
        .available({ target: 'markdown:md-2', user, scope: 'markdown' })
        .map((entry) => [entry.name, entry]),
    );
    expect(entries.get('markdown_updateContent')).toMatchObject({
      available: false,
      reason: 'block is locked',
    });
    expect(entries.get('markdown_duplicate')).toMatchObject({ available: true });
    expect(entries.get('markdown_unlock')).toMatchObject({ available: true });
    expect(entries.get('markdown_lock')).toMatchObject({
      available: false,
      reason: 'block is already locked',
    });
  });

  it('lists available actions first, so a palette can grey out the rest', () => {
    const { registry } = createCanvasRegistry();
    const flags = registry
      .available({ target: 'shape:shape-2', user, scope: 'shape' })
      .map((entry) => entry.available);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(flags.filter(Boolean)).toHaveLength(3);
  });
});

describe('from action to LLM tool', () => {
  it('prefixes the name with the block type and adds blockId as a required parameter', () => {
    const { registry } = createCanvasRegistry();
    const schema = toolInputSchema(registry.get('shape_updateColor')!, 'blockId') as {
      properties: Record<string, { type: string }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(['blockId', 'color']);
    expect(schema.required).toEqual(['blockId', 'color']);
  });
});

describe('the execution flow: "Make this shape red"', () => {
  it('finds the action, validates, runs, changes the document and returns the result', async () => {
    const { registry, documents } = createCanvasRegistry();
    const names = [...registry.toolSet({ format: 'openai', target: 'shape:shape-1', user }).names.values()];
    expect(names).toContain('shape_updateColor');
    expect(names).not.toContain('markdown_updateContent');

    const [chosen] = registry.available({
      target: 'shape:shape-1',
      user,
      query: 'Make this shape red',
      include: 'available',
      limit: 1,
    });
    expect(chosen?.name).toBe('shape_updateColor');

    const result = await registry.run({
      name: chosen!.name,
      args: { blockId: 'shape-1', color: '#ff0000' },
      user,
    });
    expect(result).toMatchObject({
      ok: true,
      name: 'shape_updateColor',
      value: { message: 'Color updated to #ff0000' },
    });
    expect(result.modelOutput).toMatch(/^Color updated to #ff0000\n\{"id":"shape-1"/);
    expect(documents.get('shape-1')).toMatchObject({ color: '#ff0000' });

    const [audit] = (await registry.store.audit.query({ limit: 1 })).records;
    expect(audit).toMatchObject({
      name: 'shape_updateColor',
      outcome: 'ok',
      userId: 'ana',
      target: { type: 'shape', id: 'shape-1' },
    });
  });

  it('takes the arguments as JSON text, as a model sends them', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'shape_updateColor',
      args: '{"blockId": "shape-1", "color": "#FF0000"}',
      user,
    });
    expect(result.ok).toBe(true);
    expect(documents.get('shape-1')?.color).toBe('#ff0000');
  });
});
