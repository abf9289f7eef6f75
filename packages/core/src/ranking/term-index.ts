import {
  type AccumulateSettings,
  createScratchAccumulator,
  type QueryGroup,
  type Scores,
} from './accumulate-scores.js';
import { buildImpactList } from './impact-list.js';
import { createScoreKernel } from './score-kernel.js';

export type { AccumulateSettings, QueryGroup, Scores } from './accumulate-scores.js';

/** Number of fields a document may have; a posting keeps its field in 3 bits. */
export const MAX_FIELDS = 8;
const MAX_TF = 31;
const MAX_SLOTS = 1 << 23;
/** Length norms are recomputed when a field's average length drifts by more than this. */
const DRIFT = 0.01;

/** Terms of one document, field by field (field i in `fields[i]`), plus groups of key terms (what it is about). */
export interface IndexedDocument {
  readonly id: string;
  readonly fields: ReadonlyArray<readonly string[]>;
  readonly keyTerms: ReadonlyArray<readonly string[]>;
}

/** The per-field BM25F settings; their length sets the number of fields. */
export interface FieldSettings {
  readonly weights: readonly number[];
  /** Length normalisation per field, 0 (none) to 1 (full). */
  readonly b: readonly number[];
}

/** A compact inverted index: interned terms, postings packed as `slot << 8 | field << 5 | tf` small integers. */
export interface TermIndex {
  readonly size: number;
  /** One more than the highest term id ever handed out. */
  readonly termCapacity: number;
  /** One more than the highest document slot ever used. */
  readonly slotCapacity: number;
  has(id: string): boolean;
  /** The slot of a live document. */
  slotOf(id: string): number | undefined;
  add(document: IndexedDocument): void;
  remove(id: string): boolean;
  /** The interned id of a term, if any live document has it. */
  termId(term: string): number | undefined;
  /** How many live documents contain the term. */
  documentFrequency(termId: number): number;
  /** Terms of live documents, sorted (rebuilt after the vocabulary changes). */
  sortedTerms(): readonly string[];
  /**
   * Sum, per document, of `weight * saturated` (BM25F) and of `weight * min(1, saturated / full)` over the given
   * query terms, where `saturated` is `tf / (k1 + tf)` of the field-weighted count `tf` of the term's members (the
   * term and its variants, each counted times its `factor`); and the key hits of each document.
   */
  accumulate(groups: readonly QueryGroup[], settings: AccumulateSettings): Scores;
  idOf(slot: number): string;
  termOf(termId: number): string;
  /** The document's distinct term ids. */
  termsOf(slot: number): readonly number[];
  /** The document's distinct key term ids, groups separated by -1. */
  keyTermsOf(slot: number): readonly number[];
}

/** Create an empty index with one field per weight (at most 8). */
export function createTermIndex(fields: FieldSettings): TermIndex {
  const fieldCount = fields.weights.length;
  if (fieldCount < 1 || fieldCount > MAX_FIELDS)
    throw new RangeError(`a term index has 1 to ${MAX_FIELDS} fields`);
  const termIds = new Map<string, number>();
  const termNames: string[] = [];
  const freeTerms: number[] = [];
  const postings: number[][] = [];
  const frequency: number[] = [];
  let sorted: string[] | undefined;

  const slotOf = new Map<string, number>();
  const ids: Array<string | undefined> = [];
  const docTerms: Array<number[] | undefined> = [];
  const keyTerms: Array<number[] | undefined> = [];
  const freeSlots: number[] = [];
  let lengths = new Uint16Array(64 * fieldCount);
  const totalLength = new Float64Array(fieldCount);
  // weight / (1 - b + b * length / average), per slot and field, for the averages in `normAverage`.
  let norms = new Float32Array(64 * fieldCount);
  const normAverage = new Float64Array(fieldCount).fill(1);

  // Scratch space of `accumulate`, indexed by slot, and per term its postings merged per document for the current
  // norms (dropped when the term's documents or the norms change): in WebAssembly memory where it runs.
  const build = (term: number) =>
    buildImpactList(postings[term] ?? [], frequency[term] ?? 0, norms, fieldCount);
  const accumulator = createScoreKernel(build) ?? createScratchAccumulator(build);
  accumulator.reserve(64);

  const intern = (term: string): number => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = freeTerms.pop() ?? termNames.length;
      termIds.set(term, id);
      termNames[id] = term;
      postings[id] = [];
      frequency[id] = 0;
      sorted = undefined;
    }
    return id;
  };

  const release = (term: number) => {
    termIds.delete(termNames[term]!);
    postings[term] = [];
    freeTerms.push(term);
    sorted = undefined;
  };

  const grow = (slot: number) => {
    if (slot * fieldCount < lengths.length) return;
    const capacity = Math.max(slot + 1, (lengths.length / fieldCount) * 2);
    const nextLengths = new Uint16Array(capacity * fieldCount);
    nextLengths.set(lengths);
    lengths = nextLengths;
    const nextNorms = new Float32Array(capacity * fieldCount);
    nextNorms.set(norms);
    norms = nextNorms;
    accumulator.reserve(capacity);
  };

  const setNorms = (slot: number) => {
    for (let field = 0; field < fieldCount; field++) {
      const b = fields.b[field]!;
      const at = slot * fieldCount + field;
      norms[at] = fields.weights[field]! / (1 - b + (b * lengths[at]!) / normAverage[field]!);
    }
  };

  const refreshNorms = () => {
    const documents = slotOf.size || 1;
    let drifted = false;
    for (let field = 0; field < fieldCount; field++) {
      const average = totalLength[field]! / documents || 1;
      if (Math.abs(average - normAverage[field]!) > DRIFT * normAverage[field]!) drifted = true;
    }
    if (!drifted) return;
    for (let field = 0; field < fieldCount; field++)
      normAverage[field] = totalLength[field]! / documents || 1;
    for (const slot of slotOf.values()) setNorms(slot);
    accumulator.dropAll();
  };

  const index: TermIndex = {
    get size() {
      return slotOf.size;
    },
    get termCapacity() {
      return termNames.length;
    },
    get slotCapacity() {
      return ids.length;
    },
    has: (id) => slotOf.has(id),
    slotOf: (id) => slotOf.get(id),
    add(document) {
      index.remove(document.id);
      if (document.fields.length > fieldCount) throw new RangeError(`the index has ${fieldCount} fields`);
      const slot = freeSlots.pop() ?? ids.length;
      if (slot >= MAX_SLOTS) throw new RangeError(`a term index holds at most ${MAX_SLOTS} documents`);
      grow(slot);
      slotOf.set(document.id, slot);
      ids[slot] = document.id;
      const distinct = new Set<number>();
      for (let field = 0; field < fieldCount; field++) {
        const terms = document.fields[field] ?? [];
        const counts = new Map<number, number>();
        for (const term of terms) {
          const id = intern(term);
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const [id, count] of counts) {
          postings[id]!.push((slot << 8) | (field << 5) | Math.min(count, MAX_TF));
          distinct.add(id);
        }
        const length = Math.min(terms.length, 65_535);
        lengths[slot * fieldCount + field] = length;
        totalLength[field]! += length;
      }
      const keys: number[] = [];
      document.keyTerms.forEach((group, at) => {
        if (at > 0) keys.push(-1);
        for (const id of new Set(group.map(intern))) {
          keys.push(id);
          distinct.add(id);
        }
      });
      for (const id of distinct) {
        frequency[id]!++;
        accumulator.drop(id);
      }
      docTerms[slot] = [...distinct];
      keyTerms[slot] = keys;
      setNorms(slot);
    },
    remove(id) {
      const slot = slotOf.get(id);
      if (slot === undefined) return false;
      slotOf.delete(id);
      for (const term of docTerms[slot]!) {
        const list = postings[term]!;
        let kept = 0;
        for (let i = 0; i < list.length; i++) if (list[i]! >>> 8 !== slot) list[kept++] = list[i]!;
        list.length = kept;
        accumulator.drop(term);
        if (--frequency[term]! === 0) release(term);
      }
      for (let field = 0; field < fieldCount; field++) {
        totalLength[field]! -= lengths[slot * fieldCount + field]!;
        lengths[slot * fieldCount + field] = 0;
      }
      ids[slot] = undefined;
      docTerms[slot] = undefined;
      keyTerms[slot] = undefined;
      freeSlots.push(slot);
      return true;
    },
    termId(term) {
      const id = termIds.get(term);
      return id !== undefined && frequency[id]! > 0 ? id : undefined;
    },
    documentFrequency: (termId) => frequency[termId] ?? 0,
    sortedTerms() {
      sorted ??= [...termIds.keys()].sort();
      return sorted;
    },
    accumulate(groups, settings) {
      refreshNorms();
      return accumulator.accumulate(groups, settings);
    },
    idOf: (slot) => ids[slot] ?? '',
    termOf: (termId) => termNames[termId] ?? '',
    termsOf: (slot) => docTerms[slot] ?? [],
    keyTermsOf: (slot) => keyTerms[slot] ?? [],
  };
  return index;
}
