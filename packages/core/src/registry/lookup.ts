import { editDistance } from '../util/edit-distance.js';

/** Normalise a name for forgiving matches: case, and `.`, `-`, `_` treated alike. */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[.\-_]/g, '_');
}

/** The few known names nearest to `name` (edit distance, with containment as a bonus). */
export function suggestNames(name: string, known: Iterable<string>, max = 3): string[] {
  const wanted = looseName(name).slice(0, 200);
  const scored: Array<{ name: string; score: number }> = [];
  for (const candidate of known) {
    const loose = looseName(candidate);
    let score = editDistance(wanted, loose) / Math.max(wanted.length, loose.length, 1);
    if (loose.includes(wanted) || wanted.includes(loose)) score = Math.min(score, 0.3);
    const shortName = loose.slice(loose.indexOf('_') + 1);
    if (shortName === wanted) score = 0;
    if (score <= 0.5) scored.push({ name: candidate, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((entry) => entry.name);
}
