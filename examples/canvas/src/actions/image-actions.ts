import { ActionFailure } from '@affordance/core';
import { MAX_IMAGE_SIZE, WEB_URL } from '../model/block-schemas.js';
import type { Crop, ImageBlock } from '../model/blocks.js';
import {
  type BlockResult,
  blockAction,
  blockResultForModel,
  EDITORS,
  saveBlock,
  whenEditable,
} from './block-action.js';

const imageAction = blockAction<ImageBlock>();
const pixels = { type: 'integer', minimum: 1, maximum: MAX_IMAGE_SIZE } as const;

/** Point an image block at another picture; its crop is cleared. */
export const updateSource = imageAction({
  name: 'updateSource',
  scope: 'image',
  title: 'Change image',
  description:
    "Show another picture: set the image's URL (http:// or https://). The crop is cleared because it belonged to the old picture. Pass the new picture's pixel size when you know it.",
  category: 'content',
  tags: ['url', 'source', 'picture', 'photo', 'replace', 'src'],
  examples: [
    { utterance: 'Use https://example.com/cat.jpg instead', input: { src: 'https://example.com/cat.jpg' } },
    'Replace this picture',
    'Change the image URL',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      src: { ...WEB_URL, description: 'URL of the picture, e.g. https://example.com/photo.jpg' },
      width: { ...pixels, description: 'Natural width of the new picture in pixels, if known' },
      height: { ...pixels, description: 'Natural height of the new picture in pixels, if known' },
    },
    required: ['src'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ src, width, height }, ctx): Promise<BlockResult<ImageBlock>> => {
    const next = {
      ...ctx.target,
      src,
      crop: null,
      width: width ?? ctx.target.width,
      height: height ?? ctx.target.height,
    };
    return saveBlock(ctx, next, `Image source set to ${src}`);
  },
});

/** Set (or clear, with an empty string) the caption under an image. */
export const addCaption = imageAction({
  name: 'addCaption',
  scope: 'image',
  title: 'Set caption',
  description: 'Set the caption shown under the image (at most 300 characters); an empty string removes it.',
  category: 'content',
  tags: ['caption', 'label', 'title', 'subtitle', 'text'],
  examples: [
    { utterance: 'Caption it "Our team in 2024"', input: { caption: 'Our team in 2024' } },
    'Add a caption',
    'Remove the caption',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      caption: { type: 'string', maxLength: 300, description: 'The caption text; empty removes it' },
    },
    required: ['caption'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ caption }, ctx): Promise<BlockResult<ImageBlock>> =>
    saveBlock(ctx, { ...ctx.target, caption }, caption ? `Caption set to "${caption}"` : 'Caption removed'),
});

/** Show only a rectangle of the picture, measured in the picture's own pixels. */
export const crop = imageAction({
  name: 'crop',
  scope: 'image',
  title: 'Crop',
  description:
    "Crop the image to a rectangle in the picture's own pixels: x and y are its top-left corner, width and height its size. The rectangle must fit inside the picture (read its width and height from the block); cropping again starts from the whole picture.",
  category: 'layout',
  tags: ['crop', 'trim', 'cut', 'frame', 'dimensions'],
  examples: [
    { utterance: 'Crop it to the top-left quarter', input: { x: 0, y: 0, width: 320, height: 200 } },
    'Trim the edges of the picture',
    'Cut this image down to a square',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      x: { type: 'integer', minimum: 0, description: 'Left edge of the crop, in pixels from the left' },
      y: { type: 'integer', minimum: 0, description: 'Top edge of the crop, in pixels from the top' },
      width: { ...pixels, description: 'Width of the crop in pixels' },
      height: { ...pixels, description: 'Height of the crop in pixels' },
    },
    required: ['x', 'y', 'width', 'height'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: (rectangle, ctx): Promise<BlockResult<ImageBlock>> => {
    checkCropFits(rectangle, ctx.target);
    const { x, y, width, height } = rectangle;
    return saveBlock(
      ctx,
      { ...ctx.target, crop: { x, y, width, height } },
      `Cropped to ${width} × ${height} at (${x}, ${y})`,
    );
  },
});

/** Throw `ActionFailure('invalid_args')`, saying how to fix it, when a crop goes past the picture's edges. */
export function checkCropFits(rectangle: Crop, image: Pick<ImageBlock, 'width' | 'height'>): void {
  const issues = [];
  if (rectangle.x + rectangle.width > image.width) {
    issues.push({
      path: ['width'],
      message: `x + width must be at most ${image.width} (the picture's width); you sent x ${rectangle.x} + width ${rectangle.width} = ${rectangle.x + rectangle.width}`,
    });
  }
  if (rectangle.y + rectangle.height > image.height) {
    issues.push({
      path: ['height'],
      message: `y + height must be at most ${image.height} (the picture's height); you sent y ${rectangle.y} + height ${rectangle.height} = ${rectangle.y + rectangle.height}`,
    });
  }
  if (issues.length === 0) return;
  throw new ActionFailure(
    'invalid_args',
    `the crop must fit inside the ${image.width} × ${image.height} picture: ${issues.map((issue) => issue.message).join('; ')}`,
    {
      issues,
      hint: 'make the rectangle smaller or move it towards the top-left corner',
    },
  );
}

/** Describe the picture for people who cannot see it. */
export const addAltText = imageAction({
  name: 'addAltText',
  scope: 'image',
  title: 'Set alt text',
  description:
    'Set the alternative text screen readers read in place of the picture: a short, literal description of what it shows (at most 500 characters).',
  category: 'content',
  tags: ['alt', 'accessibility', 'a11y', 'screen reader', 'describe'],
  examples: [
    {
      utterance: 'Add alt text: a green hill under a yellow sun',
      input: { alt: 'A green hill under a yellow sun' },
    },
    'Make this image accessible',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      alt: { type: 'string', minLength: 1, maxLength: 500, description: 'What the picture shows, in words' },
    },
    required: ['alt'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ alt }, ctx): Promise<BlockResult<ImageBlock>> =>
    saveBlock(ctx, { ...ctx.target, alt }, 'Alt text set'),
});

/** The actions only images have. */
export const imageActions = [updateSource, addCaption, crop, addAltText] as const;
