import type { JsonSchema } from '@affordance/core';
import type { BlockType } from './blocks.js';

/** A `#rrggbb` colour (either case). */
export const HEX_COLOR = '^#[0-9a-fA-F]{6}$';
/**
 * JSON Schema of a web address the document may link to or load: http(s), a host, then optionally a port,
 * path, query or fragment without spaces. A pattern rather than `format: "uri"`, which OpenAI's strict mode
 * does not accept.
 */
export const WEB_URL = {
  type: 'string',
  // Two flat branches: no nested quantifiers, and the host class never overlaps what follows it.
  pattern: '^https?://[A-Za-z0-9.-]+$|^https?://[A-Za-z0-9.-]+[:/?#]\\S*$',
  maxLength: 2048,
} as const;
/** Largest width or height of a shape, in canvas pixels. */
export const MAX_SHAPE_SIZE = 4000;
/** Largest natural width or height of an image, in pixels. */
export const MAX_IMAGE_SIZE = 20_000;
/** Longest markdown content, in characters. */
export const MAX_CONTENT_LENGTH = 20_000;

const id = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$' } as const;
const locked = { type: 'boolean' } as const;
const coordinate = { type: 'number', minimum: -100_000, maximum: 100_000 } as const;
const pixels = { type: 'integer', minimum: 1, maximum: MAX_IMAGE_SIZE } as const;

/** JSON Schema of a stored block, per type: what a document store accepts. */
export const BLOCK_SCHEMAS: Readonly<Record<BlockType, JsonSchema>> = {
  shape: {
    type: 'object',
    properties: {
      id,
      type: { const: 'shape' },
      kind: { enum: ['rectangle', 'ellipse'] },
      color: { type: 'string', pattern: HEX_COLOR },
      width: { type: 'number', exclusiveMinimum: 0, maximum: MAX_SHAPE_SIZE },
      height: { type: 'number', exclusiveMinimum: 0, maximum: MAX_SHAPE_SIZE },
      rotation: { type: 'number', minimum: 0, exclusiveMaximum: 360 },
      x: coordinate,
      y: coordinate,
      locked,
    },
    required: ['id', 'type', 'kind', 'color', 'width', 'height', 'rotation', 'x', 'y', 'locked'],
    additionalProperties: false,
  },
  markdown: {
    type: 'object',
    properties: {
      id,
      type: { const: 'markdown' },
      content: { type: 'string', maxLength: MAX_CONTENT_LENGTH },
      locked,
    },
    required: ['id', 'type', 'content', 'locked'],
    additionalProperties: false,
  },
  image: {
    type: 'object',
    properties: {
      id,
      type: { const: 'image' },
      src: { type: 'string', pattern: '^(https?://|data:image/)', maxLength: 200_000 },
      caption: { type: 'string', maxLength: 300 },
      alt: { type: 'string', maxLength: 500 },
      width: pixels,
      height: pixels,
      crop: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            properties: {
              x: { type: 'integer', minimum: 0 },
              y: { type: 'integer', minimum: 0 },
              width: pixels,
              height: pixels,
            },
            required: ['x', 'y', 'width', 'height'],
            additionalProperties: false,
          },
        ],
      },
      locked,
    },
    required: ['id', 'type', 'src', 'caption', 'alt', 'width', 'height', 'crop', 'locked'],
    additionalProperties: false,
  },
};
