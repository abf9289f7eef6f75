import type { Block } from './blocks.js';

/** One plain sentence about a block, for the model, the terminal tour and screen readers. */
export function describeBlock(block: Block): string {
  const lock = block.locked ? 'locked' : 'unlocked';
  switch (block.type) {
    case 'shape': {
      const turned = block.rotation === 0 ? 'not rotated' : `rotated ${block.rotation}°`;
      return `A ${block.color} ${block.kind}, ${block.width} × ${block.height} at (${block.x}, ${block.y}), ${turned}, ${lock}.`;
    }
    case 'markdown': {
      const lines = block.content.split('\n');
      const first = lines.find((line) => line.trim() !== '') ?? '';
      const preview = first.length > 48 ? `${first.slice(0, 47)}…` : first;
      return `Markdown of ${lines.length} line${lines.length === 1 ? '' : 's'} starting "${preview}", ${lock}.`;
    }
    case 'image': {
      const source = block.src.startsWith('data:') ? 'an inline picture' : block.src;
      const crop = block.crop
        ? `cropped to ${block.crop.width} × ${block.crop.height} at (${block.crop.x}, ${block.crop.y})`
        : 'uncropped';
      const caption = block.caption ? `captioned "${block.caption}"` : 'no caption';
      const alt = block.alt ? 'with alt text' : 'no alt text';
      return `An image (${source}, ${block.width} × ${block.height}), ${crop}, ${caption}, ${alt}, ${lock}.`;
    }
    default: {
      const unknown: never = block;
      return `An unknown block ${JSON.stringify(unknown)}.`;
    }
  }
}
