import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError } from './protocol-error.js';

/**
 * One page of `items` after an opaque `cursor`. Cursors name the registry version they were made at, so a
 * cursor from before a change is refused (-32602) rather than silently skipping or repeating items.
 */
export function paginate<TItem>(
  items: readonly TItem[],
  cursor: string | undefined,
  pageSize: number | undefined,
  version: number,
): { items: TItem[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    const match = /^v(\d+)-o(\d+)$/.exec(cursor);
    if (!match || Number(match[1]) !== version || Number(match[2]) > items.length) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Invalid cursor: ${cursor} (the list changed or the cursor is not ours); list again without a cursor`,
      );
    }
    start = Number(match[2]);
  }
  if (pageSize === undefined || pageSize <= 0)
    return { items: start === 0 ? [...items] : items.slice(start) };
  const end = start + pageSize;
  return end < items.length
    ? { items: items.slice(start, end), nextCursor: `v${version}-o${end}` }
    : { items: items.slice(start) };
}
