import { buildImpactList, type ImpactList } from './impact-list.js';

/** Number of fields a document may have; a posting keeps its field in 3 bits. */
export const MAX_FIELDS = 8;
const MAX_TF = 31;
const MAX_SLOTS = 1 << 23;
/** Field 0 is the name; fields 1 and 2 the title and description. */
const NAME_MASK = 1;
const ABOUT_MASK = 0b110;
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

/** A query term and the indexed terms that stand for it, each with the share of a match it is worth. */
export interface QueryGroup {
  readonly weight: number;
  readonly members: ReadonlyArray<{ readonly id: number; readonly factor: number }>;
}

/**
 * Scores of one accumulation, index for index: the touched `slots`, their BM25F sums, their capped sums, and the
 * key weight of the matched terms of their name and of their title and description (name terms left out). The
 * arrays are reused: they hold until the next accumulation.
 */
export interface Scores {
  readonly slots: Int32Array;
  readonly values: Float64Array;
  readonly covered: Float64Array;
  readonly nameHits: Float64Array;
  readonly aboutHits: Float64Array;
  /** Bit g set when the document matches query group g (groups 0 to 30 only). */
  readonly groupMasks: Int32Array;
}

/** How one accumulation scores. */
export interface AccumulateSettings {
  readonly k1: number;
  /** The saturated count that counts as a full match. */
  readonly full: number;
  /** Weight of a matched term towards a document's key coverage. */
  readonly keyWeight: (termId: number) => number;
}

/** A compact inverted index: interned terms, postings packed as `slot << 8 | field << 5 | tf` small integers. */
export interface TermIndex {
  readonly size: number;
  /** One more than the highest term id ever handed out. */
  readonly termCapacity: number;
  /** One more than the highest document slot ever used. */
  readonly slotCapacity: number;
  has(id: string): boolean;
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

  // Scratch space of `accumulate`, indexed by slot.
  let accumulator = new Float64Array(64);
  let score = new Float64Array(64);
  let covered = new Float64Array(64);
  let nameHits = new Float64Array(64);
  let aboutHits = new Float64Array(64);
  let groupMask = new Int32Array(64);
  let seenInTerm = new Int32Array(64);
  let seenInQuery = new Int32Array(64);
  let termSlots = new Int32Array(64);
  let slots = new Int32Array(64);
  let out = scratchScores(64);
  let stamp = 0;
  // Per term, its postings merged per document for the current norms (dropped when the term's documents change).
  const impacts: Array<ImpactList | undefined> = [];
  let normsVersion = 0;

  const impactsOf = (term: number): ImpactList => {
    const cached = impacts[term];
    if (cached && cached.version === normsVersion) return cached;
    const built = buildImpactList(
      postings[term] ?? [],
      frequency[term] ?? 0,
      norms,
      fieldCount,
      normsVersion,
    );
    impacts[term] = built;
    return built;
  };

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
    if (slot < accumulator.length) return;
    const capacity = Math.max(slot + 1, accumulator.length * 2);
    const nextLengths = new Uint16Array(capacity * fieldCount);
    nextLengths.set(lengths);
    lengths = nextLengths;
    const nextNorms = new Float32Array(capacity * fieldCount);
    nextNorms.set(norms);
    norms = nextNorms;
    accumulator = new Float64Array(capacity);
    score = new Float64Array(capacity);
    covered = new Float64Array(capacity);
    nameHits = new Float64Array(capacity);
    aboutHits = new Float64Array(capacity);
    groupMask = new Int32Array(capacity);
    seenInTerm = new Int32Array(capacity);
    seenInQuery = new Int32Array(capacity);
    termSlots = new Int32Array(capacity);
    slots = new Int32Array(capacity);
    out = scratchScores(capacity);
    stamp = 0;
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
    normsVersion++;
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
        impacts[id] = undefined;
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
        impacts[term] = undefined;
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
    accumulate(groups, { k1, full, keyWeight }) {
      refreshNorms();
      if (stamp > 2 ** 30) {
        seenInTerm.fill(0);
        seenInQuery.fill(0);
        stamp = 0;
      }
      const query = ++stamp;
      const counted = new Set<number>();
      let count = 0;
      // Local names for the scratch arrays: the loops below run once per posting.
      const seen = seenInQuery;
      const touchedSlots = slots;
      const sums = score;
      const capped = covered;
      const names = nameHits;
      const abouts = aboutHits;
      const perTerm = accumulator;
      const inverseFull = 1 / full;
      const masks = groupMask;
      for (let group = 0; group < groups.length; group++) {
        const { weight, members } = groups[group]!;
        const bit = group < 31 ? 1 << group : 0;
        if (members.length === 1) {
          // One indexed term: each document has one entry, so it is saturated at once.
          const { id, factor } = members[0]!;
          const { entries, values } = impactsOf(id);
          const key = counted.has(id) ? 0 : keyWeight(id) * factor;
          counted.add(id);
          for (let i = 0; i < entries.length; i++) {
            const entry = entries[i]!;
            const slot = entry >>> 8;
            if (seen[slot] !== query) {
              seen[slot] = query;
              touchedSlots[count++] = slot;
            }
            masks[slot]! |= bit;
            const tf = factor * values[i]!;
            const saturated = tf / (k1 + tf);
            sums[slot]! += weight * saturated;
            capped[slot]! += weight * Math.min(1, saturated * inverseFull);
            if (entry & NAME_MASK) names[slot]! += key;
            else if (entry & ABOUT_MASK) abouts[slot]! += key;
          }
          continue;
        }
        const term = ++stamp;
        let touched = 0;
        for (const { id, factor } of members) {
          const { entries, values } = impactsOf(id);
          // A term counts once towards a document's key coverage, however many groups it stands in.
          const key = counted.has(id) ? 0 : keyWeight(id) * factor;
          counted.add(id);
          for (let i = 0; i < entries.length; i++) {
            const entry = entries[i]!;
            const slot = entry >>> 8;
            if (seenInTerm[slot] !== term) {
              seenInTerm[slot] = term;
              termSlots[touched++] = slot;
            }
            perTerm[slot]! += factor * values[i]!;
            if (entry & NAME_MASK) names[slot]! += key;
            else if (entry & ABOUT_MASK) abouts[slot]! += key;
          }
        }
        for (let i = 0; i < touched; i++) {
          const slot = termSlots[i]!;
          const tf = perTerm[slot]!;
          perTerm[slot] = 0;
          if (seen[slot] !== query) {
            seen[slot] = query;
            touchedSlots[count++] = slot;
          }
          masks[slot]! |= bit;
          const saturated = tf / (k1 + tf);
          sums[slot]! += weight * saturated;
          capped[slot]! += weight * Math.min(1, saturated * inverseFull);
        }
      }
      // The answer lives in reusable arrays (valid until the next call); the per-slot sums are cleared for it.
      for (let i = 0; i < count; i++) {
        const slot = slots[i]!;
        out.values[i] = score[slot]!;
        out.covered[i] = covered[slot]!;
        out.nameHits[i] = nameHits[slot]!;
        out.aboutHits[i] = aboutHits[slot]!;
        out.groupMasks[i] = groupMask[slot]!;
        groupMask[slot] = 0;
        score[slot] = 0;
        covered[slot] = 0;
        nameHits[slot] = 0;
        aboutHits[slot] = 0;
      }
      return {
        slots: slots.subarray(0, count),
        values: out.values.subarray(0, count),
        covered: out.covered.subarray(0, count),
        nameHits: out.nameHits.subarray(0, count),
        aboutHits: out.aboutHits.subarray(0, count),
        groupMasks: out.groupMasks.subarray(0, count),
      };
    },
    idOf: (slot) => ids[slot] ?? '',
    termOf: (termId) => termNames[termId] ?? '',
    termsOf: (slot) => docTerms[slot] ?? [],
    keyTermsOf: (slot) => keyTerms[slot] ?? [],
  };
  return index;
}

function scratchScores(capacity: number) {
  return {
    values: new Float64Array(capacity),
    covered: new Float64Array(capacity),
    nameHits: new Float64Array(capacity),
    aboutHits: new Float64Array(capacity),
    groupMasks: new Int32Array(capacity),
  };
}
