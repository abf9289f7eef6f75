import type { RunResult } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createCanvasRegistry, DEMO_USERS } from '../create-canvas-registry.js';
import { normalizeDegrees } from './shape-actions.js';

const user = DEMO_USERS.editor;

function failure(result: RunResult) {
  if (result.ok) throw new Error(`expected a failure, got ${result.modelOutput}`);
  return result.error;
}

describe('shape_updateColor', () => {
  it('saves the colour in lower case and says so', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'shape_updateColor',
      args: { blockId: 'shape-1', color: '#FF0000' },
      user,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { message: 'Color updated to #ff0000', block: { id: 'shape-1', color: '#ff0000' } },
    });
    expect(result.modelOutput.split('\n')[0]).toBe('Color updated to #ff0000');
    expect(documents.get('shape-1')).toMatchObject({ color: '#ff0000', width: 160 });
  });

  it('refuses a colour name with the pattern and what was sent', async () => {
    const { registry, documents } = createCanvasRegistry();
    const error = failure(
      await registry.run({ name: 'shape_updateColor', args: { blockId: 'shape-1', color: 'red' }, user }),
    );
    expect(error.code).toBe('invalid_args');
    expect(error.message).toBe("color must match ^#[0-9a-fA-F]{6}$; you sent 'red'");
    expect(documents.get('shape-1')).toMatchObject({ color: '#3b82f6' });
  });

  it('refuses a missing blockId and an unknown one', async () => {
    const { registry } = createCanvasRegistry();
    expect(
      failure(await registry.run({ name: 'shape_updateColor', args: { color: '#000000' }, user })).message,
    ).toContain('blockId is required');
    expect(
      failure(
        await registry.run({
          name: 'shape_updateColor',
          args: { blockId: 'shape-9', color: '#000000' },
          user,
        }),
      ).code,
    ).toBe('target_not_found');
  });
});

describe('shape_resize', () => {
  it('sets width and height', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({
      name: 'shape_resize',
      args: { blockId: 'shape-1', width: 320, height: 200.5 },
      user,
    });
    expect(result).toMatchObject({ ok: true, value: { message: 'Resized to 320 × 200.5' } });
    expect(documents.get('shape-1')).toMatchObject({ width: 320, height: 200.5 });
  });

  it('refuses sizes of zero or less and past the maximum, naming both', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'shape_resize',
        args: { blockId: 'shape-1', width: 0, height: 5000 },
        user,
      }),
    );
    expect(error.code).toBe('invalid_args');
    expect(error.issues?.map((issue) => issue.path[0])).toEqual(['width', 'height']);
    expect(error.message).toContain('width must be > 0; you sent 0');
    expect(error.message).toContain('height must be <= 4000; you sent 5000');
  });

  it('is unavailable on the locked shape', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({ name: 'shape_resize', args: { blockId: 'shape-2', width: 10, height: 10 }, user }),
    );
    expect(error).toMatchObject({ code: 'unavailable', details: { reason: 'block is locked' } });
  });
});

describe('shape_rotate', () => {
  it('adds to the current rotation and folds it into [0, 360)', async () => {
    const { registry, documents } = createCanvasRegistry();
    await registry.run({ name: 'shape_rotate', args: { blockId: 'shape-3', degrees: 330 }, user });
    expect(documents.get('shape-3')).toMatchObject({ rotation: 15 });
    const back = await registry.run({
      name: 'shape_rotate',
      args: { blockId: 'shape-3', degrees: -30 },
      user,
    });
    expect(back).toMatchObject({ ok: true, value: { message: 'Rotated by -30°; the shape is now at 345°' } });
  });

  it('refuses more than a full turn', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({ name: 'shape_rotate', args: { blockId: 'shape-1', degrees: 720 }, user }),
    );
    expect(error.message).toBe('degrees must be <= 360; you sent 720');
  });

  it('folds any angle', () => {
    expect([0, 360, -90, 725, -0.0001].map(normalizeDegrees)).toEqual([0, 0, 270, 5, 0]);
  });
});

describe('shape actions and roles', () => {
  it('refuses a viewer', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'shape-1', color: '#000000' },
        user: DEMO_USERS.viewer,
      }),
    );
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('requires role editor');
  });

  it('fails a call on a markdown block with target_mismatch', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({ name: 'shape_rotate', args: { blockId: 'md-1', degrees: 10 }, user }),
    );
    expect(error.code).toBe('target_mismatch');
    expect(error.message).toBe("'md-1' is a markdown, but shape_rotate acts on a shape");
  });
});
