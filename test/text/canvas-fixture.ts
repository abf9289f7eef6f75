import { createRegistry, defineAction, type Registry } from '@affordance/core';

/** A canvas-like board (shape, markdown and image blocks) with actions of every parameter kind, for prompt tests. */
export function canvasRegistry(): {
  registry: Registry;
  blocks: Record<string, { id: string; type: string; [key: string]: unknown }>;
} {
  const blocks: Record<string, { id: string; type: string; [key: string]: unknown }> = {
    'shape-1': { id: 'shape-1', type: 'shape', color: '#000000', locked: false },
    'shape-2': { id: 'shape-2', type: 'shape', color: '#000000', locked: true },
    'md-1': { id: 'md-1', type: 'markdown', text: '# Notes' },
    'img-1': { id: 'img-1', type: 'image', url: 'https://example.com/a.png' },
  };
  const updateColor = defineAction({
    name: 'updateColor',
    scope: 'shape',
    title: 'Update color',
    category: 'styling',
    roles: ['editor'],
    description: "Change the shape's fill color",
    examples: ['Make it red', { utterance: 'Change color to blue', input: { color: '#0000ff' } }],
    input: {
      type: 'object',
      properties: {
        color: {
          type: 'string',
          description: 'Hex color',
          pattern: '^#[0-9a-fA-F]{6}$',
          examples: ['#ff0000'],
        },
      },
      required: ['color'],
      additionalProperties: false,
    },
    when: ({ target }) => (target?.locked ? { available: false, reason: 'block is locked' } : true),
    handler: async (input, ctx) => {
      ctx.target.color = input.color;
      return { color: input.color };
    },
  });
  const resize = defineAction({
    name: 'resize',
    scope: 'shape',
    description: 'Resize the shape.\nKeeps its top-left corner in place.',
    input: {
      type: 'object',
      properties: {
        width: { type: 'integer', description: 'Width in px', minimum: 1, maximum: 2000 },
        height: { type: 'integer', description: 'Height in px', minimum: 1, maximum: 2000 },
        keepAspect: { type: 'boolean', default: false },
      },
      required: ['width', 'height'],
      additionalProperties: false,
    },
    handler: async (input) => input,
  });
  const setText = defineAction({
    name: 'setText',
    scope: 'markdown',
    description: 'Replace the Markdown text of the block',
    input: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'New Markdown text', maxLength: 20000 },
        mode: { type: 'string', enum: ['replace', 'append'], description: 'How to apply the text' },
      },
      required: ['text'],
      additionalProperties: false,
    },
    handler: async (input) => input,
  });
  const addBlock = defineAction({
    name: 'addBlock',
    description: 'Add a new block to the board',
    examples: [
      {
        utterance: 'Add a red square',
        input: { type: 'shape', position: { x: 10, y: 20 }, tags: ['draft'] },
      },
    ],
    input: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['shape', 'markdown', 'image'] },
        position: {
          type: 'object',
          description: 'Where to put it',
          properties: { x: { type: 'number' }, y: { type: 'number' } },
          required: ['x', 'y'],
        },
        tags: { type: 'array', items: { type: 'string' }, description: 'Labels for the block' },
        url: { type: 'string', format: 'uri', description: 'URL of the image (image blocks only)' },
      },
      required: ['type', 'position'],
      additionalProperties: false,
    },
    handler: async (input) => input,
  });
  const registry = createRegistry({
    actions: [updateColor, resize, setText, addBlock],
    targets: { get: (_type, id) => blocks[id] },
  });
  return { registry, blocks };
}
