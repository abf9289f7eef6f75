import type { RankDocument } from './types.js';

/** A document to rank named `id`, empty but for `fields`, for tests that feed a ranker by hand. */
export const rankDocument = (id: string, fields: Partial<RankDocument> = {}): RankDocument => ({
  id,
  name: id,
  scope: undefined,
  title: '',
  description: '',
  examples: [],
  tags: [],
  category: '',
  parameters: [],
  ...fields,
});
