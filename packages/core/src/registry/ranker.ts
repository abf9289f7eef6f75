/** One parameter of an action as the ranker reads it. */
export interface RankParameter {
  readonly name: string;
  /** Its description plus any enum values. */
  readonly description: string;
  /** Whether a call needs it (listed in the schema's `required` and without a `default`). */
  readonly required?: boolean;
  /** The kind of value it takes: numbers (also arrays of numbers), yes/no, or text (anything else). */
  readonly value?: 'number' | 'boolean' | 'text';
}

/** The text of one action, split into the fields a ranker weighs separately. */
export interface RankDocument {
  /** Qualified action name; also the document id. */
  readonly id: string;
  /** The action's own name (without its scope). */
  readonly name: string;
  readonly scope: string | undefined;
  /** The action's `group` (the family it belongs to, such as an imported MCP server), when it has one. */
  readonly group?: string;
  readonly title: string;
  readonly description: string;
  readonly examples: readonly string[];
  readonly tags: readonly string[];
  readonly category: string;
  readonly parameters: readonly RankParameter[];
}

/** One ranked document. */
export interface RankHit {
  readonly id: string;
  /** Relevance in (0, 1]; comparable across queries and rankers of the same kind. */
  readonly score: number;
}

/** One document of a recall-first answer: its score, and whether it reaches the ranker's relevance threshold. */
export interface RankedMatch {
  readonly id: string;
  readonly score: number;
  readonly relevant: boolean;
}

/** Port: a relevance index kept in step with the registry. */
export interface Ranker {
  add(document: RankDocument): void;
  remove(id: string): void;
  /** Precision first: score every document relevant to `query`; documents judged irrelevant are absent. */
  search(query: string): ReadonlyMap<string, number>;
  /**
   * Recall first: every document the query says anything about, best first, each with its score and whether it
   * passes the threshold that `search` applies. With `limit`, at least the best `limit` of them (a ranker may
   * answer more). Without it, `available` ranks what `search` returns.
   */
  match?(query: string, options?: { readonly limit?: number }): readonly RankedMatch[];
}
