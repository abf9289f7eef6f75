import type { Target } from '@affordance/core';

/** A coloured rectangle or ellipse placed on the canvas. */
export interface ShapeBlock extends Target {
  readonly id: string;
  readonly type: 'shape';
  readonly kind: 'rectangle' | 'ellipse';
  /** Fill colour, `#rrggbb` in lower case. */
  readonly color: string;
  readonly width: number;
  readonly height: number;
  /** Clockwise degrees in [0, 360). */
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
  readonly locked: boolean;
}

/** A block of markdown text. */
export interface MarkdownBlock extends Target {
  readonly id: string;
  readonly type: 'markdown';
  readonly content: string;
  readonly locked: boolean;
}

/** A rectangle in image pixels, measured from the top-left corner. */
export interface Crop {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A picture with its caption, accessibility text and optional crop. */
export interface ImageBlock extends Target {
  readonly id: string;
  readonly type: 'image';
  /** An `http(s):` URL or a `data:image/…` URI. */
  readonly src: string;
  readonly caption: string;
  readonly alt: string;
  /** Natural size of the picture in pixels; a crop must stay inside it. */
  readonly width: number;
  readonly height: number;
  /** The visible part of the picture, or null for all of it. */
  readonly crop: Crop | null;
  readonly locked: boolean;
}

/** Any block of a canvas document. */
export type Block = ShapeBlock | MarkdownBlock | ImageBlock;

/** The block types, which are also the action scopes (`shape_resize`). */
export type BlockType = Block['type'];

/** Every block type, in a stable order. */
export const BLOCK_TYPES: readonly BlockType[] = ['shape', 'markdown', 'image'];

/** A block about to be inserted: the store assigns an id when it has none. */
export type NewBlock = Block extends infer TBlock
  ? TBlock extends Block
    ? WithoutId<TBlock> & { readonly id?: string }
    : never
  : never;

// `Omit` would flatten the index signature blocks inherit from `Target`; a key-remapped type keeps the fields.
type WithoutId<TBlock> = { readonly [K in keyof TBlock as K extends 'id' ? never : K]: TBlock[K] };

/** The prefix of generated ids per type (`shape-4`, `md-3`, `image-2`). */
export const ID_PREFIX: Readonly<Record<BlockType, string>> = {
  shape: 'shape',
  markdown: 'md',
  image: 'image',
};

/** Whether a value names one of the block types. */
export function isBlockType(value: unknown): value is BlockType {
  return typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value);
}
