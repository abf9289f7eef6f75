import type { AnyAction } from '@affordance/core';
import { BLOCK_TYPES } from '../model/blocks.js';
import { blockLifecycleActions } from './block-lifecycle-actions.js';
import { imageActions } from './image-actions.js';
import { markdownActions } from './markdown-actions.js';
import { shapeActions } from './shape-actions.js';

/**
 * Every action of the canvas demo, grouped by block type: the seed's edits per type, then duplicate, lock,
 * unlock, describe and remove for each type.
 */
export function canvasActions(): AnyAction[] {
  const own = { shape: shapeActions, markdown: markdownActions, image: imageActions } as const;
  return BLOCK_TYPES.flatMap((type): AnyAction[] => [...own[type], ...blockLifecycleActions(type)]);
}
