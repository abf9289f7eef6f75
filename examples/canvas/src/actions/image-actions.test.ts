import type { RunResult } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createCanvasRegistry, DEMO_USERS } from '../create-canvas-registry.js';
import { checkCropFits } from './image-actions.js';

const user = DEMO_USERS.editor;

function failure(result: RunResult) {
  if (result.ok) throw new Error(`expected a failure, got ${result.modelOutput}`);
  return result.error;
}

describe('image_updateSource', () => {
  it('sets the url, clears the crop and keeps or takes the size', async () => {
    const { registry, documents } = createCanvasRegistry();
    await registry.run({
      name: 'image_crop',
      args: { blockId: 'image-1', x: 0, y: 0, width: 10, height: 10 },
      user,
    });
    const result = await registry.run({
      name: 'image_updateSource',
      args: { blockId: 'image-1', src: 'https://example.com/a.png' },
      user,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { block: { src: 'https://example.com/a.png', crop: null, width: 640 } },
    });
    await registry.run({
      name: 'image_updateSource',
      args: { blockId: 'image-1', src: 'https://example.com/b.png', width: 100, height: 50 },
      user,
    });
    expect(documents.get('image-1')).toMatchObject({
      src: 'https://example.com/b.png',
      width: 100,
      height: 50,
    });
  });

  it('refuses a url that is not http(s)', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'image_updateSource',
        args: { blockId: 'image-1', src: 'ftp://x.org/a.png' },
        user,
      }),
    );
    expect(error.message).toMatch(/^src must match \^https\?:\/\/.*; you sent 'ftp:\/\/x.org\/a.png'$/);
  });
});

describe('image_addCaption and image_addAltText', () => {
  it('set and clear the caption, and set the alt text', async () => {
    const { registry, documents } = createCanvasRegistry();
    expect(
      await registry.run({ name: 'image_addCaption', args: { blockId: 'image-1', caption: 'Hills' }, user }),
    ).toMatchObject({
      ok: true,
      value: { message: 'Caption set to "Hills"' },
    });
    await registry.run({
      name: 'image_addAltText',
      args: { blockId: 'image-1', alt: 'A green hill under a sun' },
      user,
    });
    expect(documents.get('image-1')).toMatchObject({ caption: 'Hills', alt: 'A green hill under a sun' });
    expect(
      await registry.run({ name: 'image_addCaption', args: { blockId: 'image-1', caption: '' }, user }),
    ).toMatchObject({
      value: { message: 'Caption removed', block: { caption: '' } },
    });
  });

  it('refuse empty alt text and an overlong caption', async () => {
    const { registry } = createCanvasRegistry();
    expect(
      failure(await registry.run({ name: 'image_addAltText', args: { blockId: 'image-1', alt: '' }, user }))
        .code,
    ).toBe('invalid_args');
    const error = failure(
      await registry.run({
        name: 'image_addCaption',
        args: { blockId: 'image-1', caption: 'x'.repeat(301) },
        user,
      }),
    );
    expect(error.message).toContain('caption must NOT have more than 300 characters');
  });
});

describe('image_crop', () => {
  it('crops to a rectangle inside the picture', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'image_crop',
      args: { blockId: 'image-1', x: 320, y: 200, width: 320, height: 200 },
      user,
    });
    expect(result).toMatchObject({ ok: true, value: { message: 'Cropped to 320 × 200 at (320, 200)' } });
    expect(documents.get('image-1')).toMatchObject({ crop: { x: 320, y: 200, width: 320, height: 200 } });
  });

  it('refuses a rectangle past the edge with the sum it must respect', async () => {
    const { registry, documents } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'image_crop',
        args: { blockId: 'image-1', x: 400, y: 0, width: 300, height: 100 },
        user,
      }),
    );
    expect(error.code).toBe('invalid_args');
    expect(error.message).toContain(
      "x + width must be at most 640 (the picture's width); you sent x 400 + width 300 = 700",
    );
    expect(error.issues).toHaveLength(1);
    expect(documents.get('image-1')).toMatchObject({ crop: null });
  });

  it('refuses negative or fractional coordinates by schema', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'image_crop',
        args: { blockId: 'image-1', x: -1, y: 0.5, width: 1, height: 1 },
        user,
      }),
    );
    expect(error.issues?.map((issue) => issue.path[0])).toEqual(['x', 'y']);
  });

  it('checks both edges', () => {
    expect(() =>
      checkCropFits({ x: 0, y: 0, width: 640, height: 400 }, { width: 640, height: 400 }),
    ).not.toThrow();
    expect(() => checkCropFits({ x: 1, y: 1, width: 640, height: 400 }, { width: 640, height: 400 })).toThrow(
      /x \+ width must be at most 640.*y \+ height must be at most 400/,
    );
  });
});
