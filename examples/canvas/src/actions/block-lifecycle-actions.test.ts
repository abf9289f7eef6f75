import type { RunResult } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createCanvasRegistry, DEMO_USERS } from '../create-canvas-registry.js';

const user = DEMO_USERS.editor;

function failure(result: RunResult) {
  if (result.ok) throw new Error(`expected a failure, got ${result.modelOutput}`);
  return result.error;
}

describe('duplicate', () => {
  it('inserts an unlocked, offset copy of a locked shape with a fresh id and returns it', async () => {
    const { registry, documents } = createCanvasRegistry();
    const result = await registry.run({ name: 'shape_duplicate', args: { blockId: 'shape-2' }, user });
    expect(result).toMatchObject({
      ok: true,
      value: {
        message: 'Duplicated shape-2 as shape-4',
        block: { id: 'shape-4', color: '#f97316', x: 264, y: 64, locked: false },
      },
    });
    expect(documents.list().at(-1)).toMatchObject({ id: 'shape-4' });
    expect(documents.get('shape-2')).toMatchObject({ locked: true });
    expect(registry.get('shape_duplicate')?.next).toEqual(['shape_updateColor']);
  });

  it('copies markdown and images in place, with ids of their own prefix', async () => {
    const { registry } = createCanvasRegistry();
    expect(await registry.run({ name: 'markdown_duplicate', args: { blockId: 'md-2' }, user })).toMatchObject(
      {
        value: { block: { id: 'md-3', content: expect.stringContaining('Legal notice'), locked: false } },
      },
    );
    expect(await registry.run({ name: 'image_duplicate', args: { blockId: 'image-1' }, user })).toMatchObject(
      {
        value: { block: { id: 'image-2', width: 640 } },
      },
    );
  });

  it('takes no arguments', async () => {
    const { registry } = createCanvasRegistry();
    const error = failure(
      await registry.run({ name: 'shape_duplicate', args: { blockId: 'shape-1', count: 3 }, user }),
    );
    expect(error.message).toBe('count is not an allowed property');
  });
});

describe('lock and unlock', () => {
  it('lock only an unlocked block and unlock only a locked one', async () => {
    const { registry, documents } = createCanvasRegistry();
    expect(
      failure(await registry.run({ name: 'shape_lock', args: { blockId: 'shape-2' }, user })).details,
    ).toEqual({
      reason: 'block is already locked',
    });
    expect(
      failure(await registry.run({ name: 'shape_unlock', args: { blockId: 'shape-1' }, user })).details,
    ).toEqual({
      reason: 'block is not locked',
    });
    await registry.run({ name: 'shape_lock', args: { blockId: 'shape-1' }, user });
    await registry.run({ name: 'shape_unlock', args: { blockId: 'shape-2' }, user });
    expect([documents.get('shape-1')?.locked, documents.get('shape-2')?.locked]).toEqual([true, false]);
  });

  it('locking a block makes its edits unavailable', async () => {
    const { registry } = createCanvasRegistry();
    await registry.run({ name: 'image_lock', args: { blockId: 'image-1' }, user });
    const error = failure(
      await registry.run({ name: 'image_addCaption', args: { blockId: 'image-1', caption: 'x' }, user }),
    );
    expect(error).toMatchObject({ code: 'unavailable', details: { reason: 'block is locked' } });
  });
});

describe('describe', () => {
  it('lets a viewer read a block without changing it', async () => {
    const { registry, documents } = createCanvasRegistry();
    const before = documents.get('shape-1');
    const result = await registry.run({
      name: 'shape_describe',
      args: { blockId: 'shape-1' },
      user: DEMO_USERS.viewer,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { message: 'A #3b82f6 rectangle, 160 × 100 at (40, 40), not rotated, unlocked.', block: before },
    });
    expect(documents.get('shape-1')).toBe(before);
    expect(registry.get('shape_describe')).toMatchObject({ readOnly: true, idempotent: true });
  });

  it('refuses a user without a role', async () => {
    const { registry } = createCanvasRegistry();
    expect(
      failure(await registry.run({ name: 'md_describe', args: { blockId: 'md-1' }, user: { id: 'x' } })).code,
    ).toBe('unknown_action');
    expect(
      failure(await registry.run({ name: 'markdown_describe', args: { blockId: 'md-1' }, user: { id: 'x' } }))
        .code,
    ).toBe('forbidden');
  });
});

describe('remove', () => {
  it('waits for approval, then deletes the block once approved', async () => {
    const { registry, documents } = createCanvasRegistry();
    const pending = failure(await registry.run({ name: 'shape_remove', args: { blockId: 'shape-3' }, user }));
    expect(pending.code).toBe('approval_required');
    expect(documents.get('shape-3')).toBeDefined();
    const approved = await registry.approvals.approve(String(pending.details?.approvalId), { by: 'lead' });
    expect(approved).toMatchObject({ ok: true, value: { message: 'Deleted shape-3' } });
    expect(documents.get('shape-3')).toBeUndefined();
  });

  it('keeps the block when denied, and is unavailable on a locked block', async () => {
    const { registry, documents } = createCanvasRegistry();
    const pending = failure(await registry.run({ name: 'image_remove', args: { blockId: 'image-1' }, user }));
    const denied = await registry.approvals.deny(String(pending.details?.approvalId), {
      by: 'lead',
      reason: 'keep it',
    });
    expect(denied).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(documents.get('image-1')).toBeDefined();
    expect(
      failure(await registry.run({ name: 'markdown_remove', args: { blockId: 'md-2' }, user })).code,
    ).toBe('unavailable');
    expect(registry.get('shape_remove')).toMatchObject({ destructive: true, approval: 'always' });
  });
});
