const MIN_SHARED = 5;
const MAX_TAIL = 3;

/** Indexed terms starting with `prefix`, at most `limit`, from a sorted list. */
export function termsWithPrefix(sorted: readonly string[], prefix: string, limit: number): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let i = low; i < sorted.length && found.length < limit && sorted[i]!.startsWith(prefix); i++)
    found.push(sorted[i]!);
  return found;
}

/**
 * Indexed terms that are likely the same word in another form the stemmer missed ("analyz"/"analysi",
 * "discov"/"discover"): they share at least 5 leading letters, and neither goes on for more than 3 letters after.
 */
export function relatedTerms(sorted: readonly string[], term: string, limit = 8): string[] {
  if (term.length < MIN_SHARED) return [];
  const related: string[] = [];
  for (const candidate of termsWithPrefix(sorted, term.slice(0, MIN_SHARED), 64)) {
    if (candidate === term) continue;
    const shared = commonPrefix(term, candidate);
    if (Math.max(term.length, candidate.length) - shared <= MAX_TAIL) related.push(candidate);
    if (related.length >= limit) break;
  }
  return related;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
