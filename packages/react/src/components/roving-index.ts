/** Which keys move between items: ↑ ↓ for a list or menu, ← → for a toolbar; Home and End always. */
export type RovingAxis = 'vertical' | 'horizontal';

/**
 * The index a roving-focus key moves to among `count` items, or `undefined` when the key is not a move. Past either
 * end it wraps round with `wrap`, else it stays at the end.
 */
export function rovingIndex(
  key: string,
  index: number,
  count: number,
  options: { readonly axis: RovingAxis; readonly wrap: boolean },
): number | undefined {
  if (count === 0) return undefined;
  const [previous, next] =
    options.axis === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === next) return options.wrap ? (index + 1) % count : Math.min(index + 1, count - 1);
  if (key === previous) return options.wrap ? (index - 1 + count) % count : Math.max(index - 1, 0);
  return undefined;
}
