import { EmbeddingError } from './embedding-error.js';
import { embeddingText } from './embedding-text.js';
import { createLexicalRanker, DEFAULT_THRESHOLD, type LexicalRanker } from './lexical-ranker.js';
import type { Embedder, RankDocument, Ranker, RankHit } from './types.js';

/** Options of `createSemanticRanker`. */
export interface SemanticRankerOptions {
  readonly embedder: Embedder;
  /** The lexical ranker fused with the embeddings (default: a new `createLexicalRanker()`). */
  readonly lexical?: LexicalRanker;
  /** `weighted` (default) mixes scores; `rrf` fuses the two rankings by reciprocal rank. */
  readonly fusion?: 'weighted' | 'rrf';
  /** Share of the semantic side in the weighted mix (default 0.5). */
  readonly semanticWeight?: number;
  /** Cosine similarities mapped to 0 and to 1; model-specific (default 0.2 and 0.6, about right for OpenAI's). */
  readonly similarity?: { readonly low: number; readonly high: number };
  /** Fused relevance below this leaves a document out (default: the lexical ranker's, 0.3). */
  readonly threshold?: number;
  /** How many documents are embedded per `embed` call (default 64). */
  readonly batchSize?: number;
  /** How many query embeddings are kept (default 64). */
  readonly cacheSize?: number;
}

/** A ranker that embeds documents and queries; `search` and `rank` fuse them once `prepare(query)` resolved. */
export interface SemanticRanker extends Ranker {
  /** Embed the documents added since the last call and the query, so that the next `search(query)` is semantic. */
  prepare(query: string, options?: { readonly signal?: AbortSignal }): Promise<void>;
  /** The best documents, best first; lexical only when `query` was not prepared. */
  rank(query: string, options?: { readonly limit?: number }): RankHit[];
  /** Documents added but not embedded yet. */
  readonly pending: number;
}

const RRF_K = 60;

/** Fuse a lexical ranker with an embedder: reciprocal rank fusion or a weighted sum of calibrated scores. */
export function createSemanticRanker(options: SemanticRankerOptions): SemanticRanker {
  const lexical = options.lexical ?? createLexicalRanker();
  const semanticWeight = options.semanticWeight ?? 0.5;
  const { low, high } = options.similarity ?? { low: 0.2, high: 0.6 };
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const batchSize = options.batchSize ?? 64;
  const cacheSize = options.cacheSize ?? 64;
  if (!(high > low)) throw new RangeError('similarity.high must be above similarity.low');
  const texts = new Map<string, string>();
  const vectors = new Map<string, Float32Array>();
  const pending = new Set<string>();
  const queries = new Map<string, Float32Array>();

  const calibrated = (cosine: number) => Math.min(1, Math.max(0, (cosine - low) / (high - low)));

  const embed = async (inputs: string[], signal: AbortSignal | undefined) => {
    const output = await options.embedder.embed(inputs, signal ? { signal } : {});
    if (!Array.isArray(output) || output.length !== inputs.length) {
      throw new EmbeddingError(
        `the embedder returned ${output?.length ?? 'no'} vectors for ${inputs.length} texts`,
      );
    }
    return output.map(unit);
  };

  const fused = (query: string): RankHit[] => {
    const vector = queries.get(query);
    if (!vector) return lexical.rank(query);
    const explained = new Map(lexical.explain(query).map((hit) => [hit.id, hit]));
    const similar = new Map<string, number>();
    for (const [id, document] of vectors) similar.set(id, calibrated(dot(vector, document)));
    const hits: RankHit[] = [];
    if (options.fusion === 'rrf') {
      const lexicalRank = rankOf([...explained.values()].map((hit) => [hit.id, hit.score]));
      const semanticRank = rankOf([...similar]);
      for (const id of new Set([...explained.keys(), ...similar.keys()])) {
        const passes =
          (explained.get(id)?.relevance ?? 0) >= threshold || (similar.get(id) ?? 0) >= threshold;
        if (!passes) continue;
        const score = [lexicalRank.get(id), semanticRank.get(id)].reduce<number>(
          (sum, rank) => sum + (rank === undefined ? 0 : 1 / (RRF_K + rank)),
          0,
        );
        hits.push({ id, score: (score * (RRF_K + 1)) / 2 });
      }
    } else {
      for (const id of new Set([...explained.keys(), ...similar.keys()])) {
        const lexicalHit = explained.get(id);
        const semantic = similar.get(id) ?? 0;
        const relevance = (1 - semanticWeight) * (lexicalHit?.relevance ?? 0) + semanticWeight * semantic;
        if (relevance < threshold) continue;
        hits.push({ id, score: (1 - semanticWeight) * (lexicalHit?.score ?? 0) + semanticWeight * semantic });
      }
    }
    return hits.filter((hit) => hit.score > 0).sort((a, b) => b.score - a.score);
  };

  return {
    get pending() {
      return pending.size;
    },
    add(document: RankDocument) {
      lexical.add(document);
      const text = embeddingText(document);
      if (texts.get(document.id) === text && vectors.has(document.id)) return;
      texts.set(document.id, text);
      vectors.delete(document.id);
      pending.add(document.id);
    },
    remove(id) {
      lexical.remove(id);
      texts.delete(id);
      vectors.delete(id);
      pending.delete(id);
    },
    async prepare(query, prepareOptions = {}) {
      const signal = prepareOptions.signal;
      const waiting = [...pending];
      for (let start = 0; start < waiting.length; start += batchSize) {
        signal?.throwIfAborted();
        const batch = waiting.slice(start, start + batchSize).filter((id) => texts.has(id));
        const inputs = batch.map((id) => texts.get(id)!);
        const output = await embed(inputs, signal);
        batch.forEach((id, at) => {
          // A document changed or removed while its embedding was on the way keeps waiting, or is gone.
          if (texts.get(id) !== inputs[at]) return;
          vectors.set(id, output[at]!);
          pending.delete(id);
        });
      }
      if (!queries.has(query)) {
        const [vector] = await embed([query], signal);
        queries.set(query, vector!);
        if (queries.size > cacheSize) queries.delete(queries.keys().next().value!);
      }
    },
    search(query) {
      return new Map(fused(query).map((hit) => [hit.id, hit.score]));
    },
    rank(query, rankOptions = {}) {
      const hits = fused(query);
      return rankOptions.limit === undefined ? hits : hits.slice(0, rankOptions.limit);
    },
  };
}

/** 1-based ranks by descending score. */
function rankOf(scores: Array<[string, number]>): Map<string, number> {
  const sorted = scores.filter(([, score]) => score > 0).sort((a, b) => b[1] - a[1]);
  return new Map(sorted.map(([id], at) => [id, at + 1]));
}

/** A vector scaled to length 1 (cosine becomes a dot product); a zero or malformed vector is an error. */
function unit(vector: unknown): Float32Array {
  if (!Array.isArray(vector) || vector.length === 0 || !vector.every((value) => typeof value === 'number')) {
    throw new EmbeddingError('the embedder returned something that is not a vector of numbers');
  }
  let squares = 0;
  for (const value of vector as number[]) squares += value * value;
  const length = Math.sqrt(squares);
  if (!(length > 0)) throw new EmbeddingError('the embedder returned a zero vector');
  return Float32Array.from(vector, (value) => value / length);
}

function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length)
    throw new EmbeddingError(`embeddings of ${a.length} and ${b.length} dimensions cannot be compared`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
