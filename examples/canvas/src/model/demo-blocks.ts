import type { Block } from './blocks.js';

// A small landscape drawn inline, so the demo renders without a network.
const LANDSCAPE_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' width='640' height='400' viewBox='0 0 640 400'>" +
  "<rect width='640' height='400' fill='#bfe3ff'/><circle cx='520' cy='90' r='46' fill='#ffd23f'/>" +
  "<path d='M0 400 L170 170 L300 330 L420 210 L640 400 Z' fill='#3f7f5f'/></svg>";

/** The data URI of the demo picture (640 × 400). */
export const DEMO_IMAGE_SRC = `data:image/svg+xml,${encodeURIComponent(LANDSCAPE_SVG)}`;

/**
 * A fresh copy of the seeded demo document: three shapes (`shape-2` locked), two markdown blocks
 * (`md-2` locked) and an image. Ids are stable so tests, docs and the console can name them.
 */
export function demoBlocks(): Block[] {
  return [
    {
      id: 'shape-1',
      type: 'shape',
      kind: 'rectangle',
      color: '#3b82f6',
      width: 160,
      height: 100,
      rotation: 0,
      x: 40,
      y: 40,
      locked: false,
    },
    {
      id: 'shape-2',
      type: 'shape',
      kind: 'ellipse',
      color: '#f97316',
      width: 120,
      height: 120,
      rotation: 0,
      x: 240,
      y: 40,
      locked: true,
    },
    {
      id: 'shape-3',
      type: 'shape',
      kind: 'rectangle',
      color: '#22c55e',
      width: 80,
      height: 80,
      rotation: 45,
      x: 420,
      y: 60,
      locked: false,
    },
    {
      id: 'md-1',
      type: 'markdown',
      content: 'Quarterly plan\n\nShip the canvas demo and write the launch notes.',
      locked: false,
    },
    {
      id: 'md-2',
      type: 'markdown',
      content: '## Legal notice\n\nThis text was approved by legal. Do not edit it.',
      locked: true,
    },
    {
      id: 'image-1',
      type: 'image',
      src: DEMO_IMAGE_SRC,
      caption: '',
      alt: '',
      width: 640,
      height: 400,
      crop: null,
      locked: false,
    },
  ];
}
