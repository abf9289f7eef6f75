import { HEX_COLOR, MAX_SHAPE_SIZE } from '../model/block-schemas.js';
import type { ShapeBlock } from '../model/blocks.js';
import {
  type BlockResult,
  blockAction,
  blockResultForModel,
  EDITORS,
  saveBlock,
  whenEditable,
} from './block-action.js';

const shapeAction = blockAction<ShapeBlock>();

/** Change a shape's fill colour to a `#rrggbb` code. */
export const updateColor = shapeAction({
  name: 'updateColor',
  scope: 'shape',
  title: 'Change colour',
  description:
    "Change the shape's fill color. Pass a 6-digit hex code such as #ff0000 (red), #00ff00 (green) or #0000ff (blue); convert color names to hex first.",
  category: 'styling',
  tags: ['color', 'colour', 'fill', 'paint'],
  examples: [
    { utterance: 'Make it red', input: { color: '#ff0000' } },
    { utterance: 'Change color to blue', input: { color: '#0000ff' } },
    'Paint this shape a darker green',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      color: { type: 'string', pattern: HEX_COLOR, description: 'Hex color code, e.g. #ff0000' },
    },
    required: ['color'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ color }, ctx): Promise<BlockResult<ShapeBlock>> => {
    const hex = color.toLowerCase();
    return saveBlock(ctx, { ...ctx.target, color: hex }, `Color updated to ${hex}`);
  },
});

/** Set a shape's width and height in canvas pixels. */
export const resize = shapeAction({
  name: 'resize',
  scope: 'shape',
  title: 'Resize',
  description: `Change the shape's width and height, in canvas pixels (each greater than 0 and at most ${MAX_SHAPE_SIZE}). To make it bigger or smaller, read the current size from the block and scale both.`,
  category: 'layout',
  tags: ['size', 'bigger', 'smaller', 'larger', 'scale', 'enlarge', 'shrink', 'dimensions'],
  examples: [
    'Make it bigger',
    'Make this shape twice as large',
    { utterance: 'Resize it to 200 by 100', input: { width: 200, height: 100 } },
    'Shrink the box',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      width: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: MAX_SHAPE_SIZE,
        description: 'New width in pixels',
      },
      height: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: MAX_SHAPE_SIZE,
        description: 'New height in pixels',
      },
    },
    required: ['width', 'height'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ width, height }, ctx): Promise<BlockResult<ShapeBlock>> =>
    saveBlock(ctx, { ...ctx.target, width, height }, `Resized to ${width} × ${height}`),
});

/** Turn a shape clockwise by some degrees (negative turns it back). */
export const rotate = shapeAction({
  name: 'rotate',
  scope: 'shape',
  title: 'Rotate',
  description:
    'Rotate the shape by a number of degrees: positive turns clockwise, negative counter-clockwise (-360 to 360). The rotation adds to the current one.',
  category: 'layout',
  tags: ['turn', 'spin', 'angle', 'tilt', 'degrees'],
  examples: [
    { utterance: 'Rotate it 90 degrees', input: { degrees: 90 } },
    { utterance: 'Turn it back a little', input: { degrees: -15 } },
    'Tilt the shape',
  ],
  roles: EDITORS,
  input: {
    type: 'object',
    properties: {
      degrees: {
        type: 'number',
        minimum: -360,
        maximum: 360,
        description: 'Degrees to rotate by; clockwise is positive',
      },
    },
    required: ['degrees'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ degrees }, ctx): Promise<BlockResult<ShapeBlock>> => {
    const rotation = normalizeDegrees(ctx.target.rotation + degrees);
    return saveBlock(
      ctx,
      { ...ctx.target, rotation },
      `Rotated by ${degrees}°; the shape is now at ${rotation}°`,
    );
  },
});

/** An angle folded into [0, 360), rounded to a thousandth of a degree. */
export function normalizeDegrees(degrees: number): number {
  const folded = ((degrees % 360) + 360) % 360;
  const rounded = Math.round(folded * 1000) / 1000;
  return rounded === 360 ? 0 : rounded;
}

/** The actions only shapes have. */
export const shapeActions = [updateColor, resize, rotate] as const;
