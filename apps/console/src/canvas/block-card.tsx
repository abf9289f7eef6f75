import type { ReactNode } from 'react';
import type { TargetState } from '../api/types.js';
import { MarkdownView } from '../markdown/markdown-view.js';
import { blockLabel, numberOf, safeImageSrc, stringOf } from './block-label.js';
import { LockIcon } from './lock-icon.js';
import { type BlockHandlers, blockInteractions } from './shape-board.js';

/** A markdown or image block (or any other listed target) as a selectable card. */
export function BlockCard(props: BlockHandlers & { readonly block: TargetState }): ReactNode {
  const { block } = props;
  const selected = props.selectedId === block.id;
  return (
    <article
      className={`block-card${selected ? ' selected' : ''}${block.locked ? ' locked' : ''}`}
      aria-label={`${blockLabel(block)}${block.locked ? ', locked' : ''}`}
      {...blockInteractions(block, props)}
    >
      <header className="block-card-header">
        <span className="block-type">{block.type}</span>
        <span className="block-id">{block.id}</span>
        {block.locked ? (
          <span className="badge badge-locked">
            <LockIcon /> locked
          </span>
        ) : null}
      </header>
      <BlockBody block={block} />
    </article>
  );
}

function BlockBody({ block }: { readonly block: TargetState }): ReactNode {
  if (block.type === 'markdown') return <MarkdownView source={stringOf(block, 'content')} />;
  if (block.type === 'image') return <ImageBody block={block} />;
  const { id: _id, type: _type, ...state } = block;
  return <pre className="json">{JSON.stringify(state, null, 2)}</pre>;
}

interface Crop {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function cropOf(value: unknown): Crop | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const crop = value as Record<string, unknown>;
  const numbers = [crop.x, crop.y, crop.width, crop.height];
  if (!numbers.every((entry) => typeof entry === 'number' && Number.isFinite(entry))) return undefined;
  const [x, y, width, height] = numbers as number[];
  return width! > 0 && height! > 0 ? { x: x!, y: y!, width: width!, height: height! } : undefined;
}

function ImageBody({ block }: { readonly block: TargetState }): ReactNode {
  const src = safeImageSrc(block.src);
  const caption = stringOf(block, 'caption');
  const alt = stringOf(block, 'alt');
  const naturalWidth = Math.max(1, numberOf(block, 'width', 640));
  const naturalHeight = Math.max(1, numberOf(block, 'height', 400));
  const crop = cropOf(block.crop);
  const view = crop ?? { x: 0, y: 0, width: naturalWidth, height: naturalHeight };
  return (
    <figure className="image-block">
      <div className="image-frame" style={{ aspectRatio: `${view.width} / ${view.height}` }}>
        {src ? (
          <img
            src={src}
            alt={alt}
            style={{
              width: `${(naturalWidth / view.width) * 100}%`,
              left: `${(-view.x / view.width) * 100}%`,
              top: `${(-view.y / view.height) * 100}%`,
            }}
          />
        ) : (
          <span className="muted">image source not shown (only http(s) and data:image are allowed)</span>
        )}
      </div>
      <figcaption>
        {caption ? caption : <span className="muted">No caption</span>}
        {alt ? null : <span className="hint"> · no alt text</span>}
        {crop ? <span className="hint"> · cropped {`${crop.width}×${crop.height}`}</span> : null}
      </figcaption>
    </figure>
  );
}
