import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { TargetState } from '../api/types.js';
import { blockLabel, numberOf, safeColor } from './block-label.js';
import { LockIcon } from './lock-icon.js';

/** Handlers every block view shares. */
export interface BlockHandlers {
  readonly selectedId: string | undefined;
  readonly onSelect: (block: TargetState) => void;
  readonly onMenu: (block: TargetState, at: { readonly x: number; readonly y: number }) => void;
}

/** Keyboard and mouse wiring of a selectable block: click/Enter/Space select, right-click/Shift-F10/Menu open the menu. */
export function blockInteractions(block: TargetState, handlers: BlockHandlers) {
  return {
    tabIndex: 0,
    'data-block-id': block.id,
    'aria-current': handlers.selectedId === block.id ? ('true' as const) : undefined,
    onClick: () => handlers.onSelect(block),
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      handlers.onSelect(block);
      handlers.onMenu(block, { x: event.clientX, y: event.clientY });
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        handlers.onSelect(block);
      } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault();
        handlers.onSelect(block);
        const box = (event.currentTarget as Element).getBoundingClientRect();
        handlers.onMenu(block, { x: box.left + 8, y: box.top + 8 });
      }
    },
  };
}

/** The shapes, drawn in SVG at their position, size, colour and rotation; locked ones carry a padlock. */
export function ShapeBoard(props: BlockHandlers & { readonly shapes: readonly TargetState[] }): ReactNode {
  const { shapes } = props;
  const right = Math.max(
    480,
    ...shapes.map((shape) => numberOf(shape, 'x', 0) + numberOf(shape, 'width', 0) + 40),
  );
  const bottom = Math.max(
    200,
    ...shapes.map((shape) => numberOf(shape, 'y', 0) + numberOf(shape, 'height', 0) + 40),
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing has no <fieldset>; its shapes form a group
    <svg className="shape-board" viewBox={`0 0 ${right} ${bottom}`} role="group" aria-label="Shapes">
      <defs>
        <pattern id="grid" width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0H0V20" fill="none" stroke="var(--grid)" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={right} height={bottom} fill="url(#grid)" />
      {shapes.map((shape) => {
        const x = numberOf(shape, 'x', 0);
        const y = numberOf(shape, 'y', 0);
        const width = Math.max(1, numberOf(shape, 'width', 40));
        const height = Math.max(1, numberOf(shape, 'height', 40));
        const rotation = numberOf(shape, 'rotation', 0);
        const fill = safeColor(shape.color);
        const selected = props.selectedId === shape.id;
        const centre = `${x + width / 2} ${y + height / 2}`;
        // The caption and padlock sit above the rotated shape's bounding box, not its unrotated corner.
        const box = rotatedBox(x, y, width, height, rotation);
        const label = `${blockLabel(shape)}, ${fill}, ${width}×${height}${shape.locked ? ', locked' : ''}`;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
          <g
            key={shape.id}
            role="button"
            aria-label={label}
            className={`shape${selected ? ' selected' : ''}${shape.locked ? ' locked' : ''}`}
            {...blockInteractions(shape, props)}
          >
            <title>{label}</title>
            <g transform={`rotate(${rotation} ${centre})`}>
              {shape.kind === 'ellipse' ? (
                <ellipse
                  cx={x + width / 2}
                  cy={y + height / 2}
                  rx={width / 2}
                  ry={height / 2}
                  fill={fill}
                  data-fill={fill}
                />
              ) : (
                <rect x={x} y={y} width={width} height={height} rx="6" fill={fill} data-fill={fill} />
              )}
            </g>
            <text x={box.left} y={box.top - 8} className="shape-caption">
              {shape.id}
            </text>
            {shape.locked ? (
              <g transform={`translate(${box.right - 10} ${box.top - 20})`} className="shape-lock">
                <LockIcon size={14} />
              </g>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The axis-aligned box around a rectangle turned by `degrees` about its centre. */
function rotatedBox(x: number, y: number, width: number, height: number, degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  const halfWidth = (Math.abs(width * Math.cos(radians)) + Math.abs(height * Math.sin(radians))) / 2;
  const halfHeight = (Math.abs(width * Math.sin(radians)) + Math.abs(height * Math.cos(radians))) / 2;
  const cx = x + width / 2;
  const cy = y + height / 2;
  return { left: cx - halfWidth, right: cx + halfWidth, top: cy - halfHeight };
}
