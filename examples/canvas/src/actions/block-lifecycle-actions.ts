import type { AnyAction } from '@affordance/core';
import type { Block, BlockType, NewBlock } from '../model/blocks.js';
import { describeBlock } from '../model/describe-block.js';
import {
  type BlockResult,
  blockAction,
  blockResultForModel,
  documentsOf,
  EDITORS,
  READERS,
  saveBlock,
  whenEditable,
} from './block-action.js';

const anyBlockAction = blockAction<Block>();
const NOUN: Readonly<Record<BlockType, string>> = {
  shape: 'shape',
  markdown: 'markdown block',
  image: 'image',
};
/** Where a duplicated shape lands, relative to the original. */
export const DUPLICATE_OFFSET = 24;
/** The edit suggested after duplicating each type of block. */
const AFTER_DUPLICATE: Readonly<Record<BlockType, string>> = {
  shape: 'shape_updateColor',
  markdown: 'markdown_updateContent',
  image: 'image_updateSource',
};

/**
 * The actions every block type has, scoped to `scope`: duplicate, lock, unlock, describe (read-only) and
 * remove (destructive, waits for approval). Duplicate and unlock stay available on a locked block.
 */
export function blockLifecycleActions(scope: BlockType): AnyAction[] {
  const noun = NOUN[scope];
  const duplicate = anyBlockAction({
    name: 'duplicate',
    scope,
    title: 'Duplicate',
    description: `Create a copy of the ${noun} with a new id, placed after it and unlocked (even when the original is locked). Returns the new block; use its id for further edits.`,
    category: 'layout',
    tags: ['copy', 'clone', 'repeat'],
    examples: [`Duplicate this ${noun}`, 'Make a copy', 'Clone it so I can edit the copy'],
    roles: EDITORS,
    next: [AFTER_DUPLICATE[scope]],
    rateLimit: { points: 60, duration: 60, per: 'user' },
    toModelOutput: blockResultForModel,
    handler: async (_input, ctx): Promise<BlockResult> => {
      const { id: _id, ...original } = ctx.target;
      const copy = { ...original, locked: false } as NewBlock;
      const placed =
        copy.type === 'shape'
          ? { ...copy, x: copy.x + DUPLICATE_OFFSET, y: copy.y + DUPLICATE_OFFSET }
          : copy;
      const block = await documentsOf(ctx).insert(placed);
      return { message: `Duplicated ${ctx.target.id} as ${block.id}`, block };
    },
  });
  const lock = anyBlockAction({
    name: 'lock',
    scope,
    title: 'Lock',
    description: `Lock the ${noun} so it cannot be edited until someone unlocks it. It can still be duplicated.`,
    category: 'data',
    tags: ['protect', 'freeze', 'read-only'],
    examples: ['Lock this block', 'Protect it from changes'],
    roles: EDITORS,
    when: ({ target }) => (target?.locked ? { available: false, reason: 'block is already locked' } : true),
    toModelOutput: blockResultForModel,
    handler: (_input, ctx) => saveBlock(ctx, { ...ctx.target, locked: true }, `Locked ${ctx.target.id}`),
  });
  const unlock = anyBlockAction({
    name: 'unlock',
    scope,
    title: 'Unlock',
    description: `Unlock a locked ${noun} so it can be edited again.`,
    category: 'data',
    tags: ['unprotect', 'unfreeze', 'editable'],
    examples: ['Unlock this block', 'Let me edit it again'],
    roles: EDITORS,
    when: ({ target }) => (target?.locked ? true : { available: false, reason: 'block is not locked' }),
    toModelOutput: blockResultForModel,
    handler: (_input, ctx) => saveBlock(ctx, { ...ctx.target, locked: false }, `Unlocked ${ctx.target.id}`),
  });
  const describe = anyBlockAction({
    name: 'describe',
    scope,
    title: 'Describe',
    description: `Read the ${noun}: all of its properties and one sentence about it. Changes nothing.`,
    category: 'data',
    tags: ['inspect', 'info', 'details', 'properties', 'read'],
    examples: ['What is this?', `Describe the ${noun}`, 'Show its properties'],
    roles: READERS,
    readOnly: true,
    idempotent: true,
    toModelOutput: blockResultForModel,
    handler: (_input, ctx): BlockResult => ({ message: describeBlock(ctx.target), block: ctx.target }),
  });
  const remove = anyBlockAction({
    name: 'remove',
    scope,
    title: 'Delete',
    description: `Delete the ${noun} from the document. A person must approve the call before it runs; it cannot be undone.`,
    category: 'data',
    tags: ['delete', 'erase', 'discard', 'trash'],
    examples: [`Delete this ${noun}`, 'Remove it', 'Get rid of this block'],
    roles: EDITORS,
    destructive: true,
    approval: 'always',
    when: whenEditable,
    toModelOutput: blockResultForModel,
    handler: async (_input, ctx): Promise<BlockResult> => {
      const removed = await documentsOf(ctx).remove(ctx.target.id);
      if (!removed) throw new Error(`${ctx.target.id} was already gone`);
      return { message: `Deleted ${removed.id}`, block: removed };
    },
  });
  return [duplicate, lock, unlock, describe, remove];
}
