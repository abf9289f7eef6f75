/** The text of one action, split into the fields a ranker weighs separately. */
export interface RankDocument {
  /** Qualified action name; also the document id. */
  readonly id: string;
  readonly name: string;
  readonly scope: string | undefined;
  readonly title: string;
  readonly description: string;
  readonly examples: readonly string[];
  readonly tags: readonly string[];
  readonly category: string;
  /** Parameter names and their descriptions. */
  readonly params: readonly string[];
}

/** Port: a relevance index kept in step with the registry. Scores are comparable within one search only. */
export interface Ranker {
  add(document: RankDocument): void;
  remove(id: string): void;
  /** Score every document relevant to `query` (absent ids scored 0). */
  search(query: string): ReadonlyMap<string, number>;
}
