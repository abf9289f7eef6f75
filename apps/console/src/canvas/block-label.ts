import type { TargetState } from '../api/types.js';

/** The `type:id` reference the API takes for a target (`shape:shape-1`). */
export function targetRef(target: { readonly type: string; readonly id: string }): string {
  return `${target.type}:${target.id}`;
}

/** A short human label for a block: `Rectangle shape-1`, `Markdown md-1`, `Image image-1`. */
export function blockLabel(block: TargetState): string {
  if (block.type === 'shape') {
    const kind = typeof block.kind === 'string' ? block.kind : 'shape';
    return `${kind[0]?.toUpperCase()}${kind.slice(1)} ${block.id}`;
  }
  return `${block.type[0]?.toUpperCase()}${block.type.slice(1)} ${block.id}`;
}

/** A number from a block's state, or the fallback when it is missing or not finite. */
export function numberOf(block: TargetState, key: string, fallback: number): number {
  const value = block[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A string from a block's state, or the fallback. */
export function stringOf(block: TargetState, key: string, fallback = ''): string {
  const value = block[key];
  return typeof value === 'string' ? value : fallback;
}

/** A colour safe to put in a style: `#rgb` / `#rrggbb`, else a neutral grey. */
export function safeColor(value: unknown): string {
  return typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : '#9ca3af';
}

/** An image source safe to show: http(s) URLs and `data:image/…` URIs; anything else is dropped. */
export function safeImageSrc(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return /^https?:\/\//i.test(value) || /^data:image\/[a-z0-9.+-]+[;,]/i.test(value) ? value : undefined;
}
