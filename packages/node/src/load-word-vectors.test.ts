import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadWordVectors, WordVectorsError } from './load-word-vectors.js';

let root: string;
let file: string;
let cacheDir: string;

// A tiny set in the wink embeddings format: each vector is its values, then its norm, then its index.
const wink = {
  precision: 8,
  l2NormIndex: 3,
  wordIndex: 4,
  size: 3,
  dimensions: 3,
  words: ['the', 'café', 'red'],
  vectors: { the: [1, 0, 0, 1, 0], café: [0, 0.5, -2, 2.06, 1], red: [0.25, 0.25, 0.25, 0.43, 2] },
  unkVector: [0, 0, 0, 0, -1],
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'affordance-vectors-'));
  file = join(root, 'vectors.json');
  cacheDir = join(root, 'cache');
  writeFileSync(file, JSON.stringify(wink));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('loadWordVectors', () => {
  it('reads the words in order and their values, without the norm and index', () => {
    const vectors = loadWordVectors({ file, cacheDir });
    expect(vectors.words).toEqual(['the', 'café', 'red']);
    expect(vectors.dimensions).toBe(3);
    expect([...vectors.values]).toEqual([1, 0, 0, 0, 0.5, -2, 0.25, 0.25, 0.25]);
  });

  it('keeps a binary copy that the next load reads instead of the JSON', () => {
    const first = loadWordVectors({ file, cacheDir });
    const [cached] = readdirSync(cacheDir);
    expect(cached).toMatch(/^vectors-\d+-\d+\.bin$/);
    // Same size and time, other content: only the copy can answer the original values.
    writeFileSync(file, JSON.stringify({ ...wink, vectors: { ...wink.vectors, red: [9, 9, 9, 1, 2] } }));
    const time = new Date(Math.round(Date.now() / 1000) * 1000);
    utimesSync(file, time, time);
    const changed = loadWordVectors({ file, cacheDir });
    expect(changed.words).toEqual(first.words);
    expect(readdirSync(cacheDir)).toHaveLength(2);
    expect([...changed.values].slice(6)).toEqual([9, 9, 9]);
    const again = loadWordVectors({ file, cacheDir });
    expect([...again.values].slice(6)).toEqual([9, 9, 9]);
  });

  it('converts again when the copy is damaged', () => {
    loadWordVectors({ file, cacheDir });
    const [cached] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, cached!), 'not a copy');
    expect([...loadWordVectors({ file, cacheDir }).values].slice(0, 3)).toEqual([1, 0, 0]);
  });

  it('throws a WordVectorsError for a missing or malformed file', () => {
    expect(() => loadWordVectors({ file: join(root, 'missing.json'), cacheDir })).toThrow(WordVectorsError);
    writeFileSync(file, JSON.stringify({ words: ['a'], vectors: {} }));
    expect(() => loadWordVectors({ file, cacheDir })).toThrow(/wink embeddings format/);
    writeFileSync(file, JSON.stringify({ dimensions: 2, words: ['a'], vectors: { a: [1] } }));
    expect(() => loadWordVectors({ file, cacheDir })).toThrow(/"a" has fewer than 2 numbers/);
  });
});
