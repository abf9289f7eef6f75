export { rankDocumentOf } from '../registry/rank-document.js';
export type { RankField } from './document-terms.js';
export { EmbeddingError, type EmbeddingErrorCode } from './embedding-error.js';
export type { Grounding, GroundingWeights } from './grounding.js';
export {
  createLexicalRanker,
  DEFAULT_THRESHOLD,
  DEFAULT_WEIGHTS,
  type Explained,
  type LexicalRanker,
  type LexicalRankerOptions,
  type RankedAndExplained,
  tokenize,
} from './lexical-ranker.js';
export { createOpenAIEmbedder, type OpenAIEmbedderOptions } from './openai-embedder.js';
export { type RankActionsOptions, rankActions } from './rank-actions.js';
export type { Components, RelevanceWeights } from './relevance.js';
export { DEFAULT_RELEVANCE_WEIGHTS } from './relevance.js';
export {
  createSemanticRanker,
  type SemanticRanker,
  type SemanticRankerOptions,
} from './semantic-ranker.js';
export {
  DEFAULT_INSTRUCTION_WORDS,
  DEFAULT_POINTING_WORDS,
  DEFAULT_SHORT_REQUEST_WORDS,
} from './short-request-floor.js';
export { type Suggestion, type SuggestNextOptions, suggestNext } from './suggest-next.js';
export type { Embedder, RankDocument, RankedMatch, Ranker, RankHit, RankParameter } from './types.js';
export {
  createWordVectorRanker,
  DEFAULT_GROUNDING,
  DEFAULT_WORD_VECTOR_THRESHOLD,
  type WordVectorExplained,
  type WordVectorRanker,
  type WordVectorRankerOptions,
} from './word-vector-ranker.js';
export type { WordVectors } from './word-vectors.js';
export { type Synonyms, type WordNetOptions, type WordNetPart, wordNetSynonyms } from './wordnet-synonyms.js';
