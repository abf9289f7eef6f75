import { defineAction } from '../action/define-action.js';

/** The shape actions of the "Action Context" seed, with the examples and descriptions an author would write. */
export const shapeActions = [
  defineAction({
    scope: 'shape',
    name: 'updateColor',
    description: "Change the shape's fill color",
    examples: ['Make it red', 'Change color to blue'],
    category: 'styling',
    input: {
      type: 'object',
      properties: { color: { type: 'string', description: 'Hex color code (e.g., #ff0000)' } },
      required: ['color'],
    },
  }),
  defineAction({
    scope: 'shape',
    name: 'resize',
    description: 'Change width and height',
    examples: ['Make it bigger', 'Shrink it to half its size'],
    category: 'layout',
    input: {
      type: 'object',
      properties: {
        width: { type: 'number', description: 'New width in pixels' },
        height: { type: 'number', description: 'New height in pixels' },
      },
    },
  }),
  defineAction({
    scope: 'shape',
    name: 'rotate',
    description: 'Rotate by degrees',
    category: 'layout',
    input: { type: 'object', properties: { degrees: { type: 'number' } } },
  }),
  defineAction({
    scope: 'shape',
    name: 'duplicate',
    description: 'Create a copy, the same size or bigger',
    category: 'layout',
    input: {
      type: 'object',
      properties: { scale: { type: 'number', description: 'Size of the copy relative to the original' } },
    },
  }),
];
