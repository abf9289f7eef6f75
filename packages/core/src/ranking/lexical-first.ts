import type { RankHit } from './types.js';

/**
 * The word-vector ranker's answer with the threshold: of the documents its fusion finds relevant, those the lexical
 * ranker keeps come first, in the lexical ranker's order, and what only the fusion finds after them, by score. So the
 * word vectors add what the words miss and drop what the request does not ask for, but never move a document the
 * lexical ranker keeps below another (docs/ranking-tuning.md, "Lexical first"). `kept` is the lexical ranker's answer
 * (`RankedAndExplained.kept`), `fused` the fusion's relevant documents best first. Scores never rise down the list:
 * one after the lexical ones is at most the score before it.
 */
export function lexicalFirst(kept: readonly RankHit[], fused: readonly RankHit[]): RankHit[] {
  const relevant = new Set<string>();
  for (const hit of fused) relevant.add(hit.id);
  const answer: RankHit[] = [];
  const placed = new Set<string>();
  for (const hit of kept) {
    if (!relevant.has(hit.id)) continue;
    answer.push(hit);
    placed.add(hit.id);
  }
  for (const hit of fused) if (!placed.has(hit.id)) answer.push(belowLast(answer, hit));
  return answer;
}

/** `hit`, its score lowered to the last one of `list` when above it. */
export function belowLast(list: readonly RankHit[], hit: RankHit): RankHit {
  const last = list[list.length - 1];
  return last === undefined || hit.score <= last.score ? hit : { id: hit.id, score: last.score };
}
