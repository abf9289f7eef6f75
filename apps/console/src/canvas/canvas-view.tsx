import type { ReactNode } from 'react';
import type { TargetState } from '../api/types.js';
import { BlockCard } from './block-card.js';
import { type BlockHandlers, ShapeBoard } from './shape-board.js';

/** The canvas document: the shapes on a board, then every other block as a card, in document order. */
export function CanvasView(props: BlockHandlers & { readonly blocks: readonly TargetState[] }): ReactNode {
  const shapes = props.blocks.filter((block) => block.type === 'shape');
  const others = props.blocks.filter((block) => block.type !== 'shape');
  if (props.blocks.length === 0) {
    return (
      <p className="empty">
        The registry lists no targets. Actions without a target are in the palette (Ctrl-K).
      </p>
    );
  }
  return (
    <section className="canvas" aria-label="Canvas">
      {shapes.length > 0 ? <ShapeBoard {...props} shapes={shapes} /> : null}
      <div className="block-grid">
        {others.map((block) => (
          <BlockCard key={block.id} {...props} block={block} />
        ))}
      </div>
    </section>
  );
}
