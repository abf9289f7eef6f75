/**
 * The Levenshtein distance of two strings (insertions, deletions and substitutions of UTF-16 code units), as
 * `fastest-levenshtein`'s `distance` answers it: the kernel's "did you mean" needs only this, in a few hundred bytes.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length < b.length) [a, b] = [b, a];
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = row[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, substitute);
    }
    row = next;
  }
  return row[b.length]!;
}

/** The first of `candidates` nearest to `word` (`fastest-levenshtein`'s `closest`). */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const found = editDistance(word, candidate);
    if (found < bestDistance) {
      best = candidate;
      bestDistance = found;
    }
  }
  return best;
}
