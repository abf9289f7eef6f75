import type { LexicalGrounding } from './lexical-grounding.js';
import type { Visit } from './lexical-ranker-types.js';
import { createNoveltyReorder, type Reorder } from './novelty-reorder.js';
import { type PlanSettings, planQuery } from './query-plan.js';
import { LIGHT_WEIGHT } from './query-terms.js';
import { exampleCoverage } from './relevance.js';
import { SEED_MOST, seedFloor } from './seeded-floor.js';
import type { TermIndex } from './term-index.js';
import { isLightTerm } from './tokenize.js';

/** What one lexical pass weighs with. */
export interface LexicalPassSettings {
  readonly k1: number;
  /** The weights of the name and description fields: a term matched in both counts as fully matched. */
  readonly nameWeight: number;
  readonly descriptionWeight: number;
  /** Documents counted before the first: a small registry is not judged by its own few. */
  readonly priorDocuments: number;
  readonly nameBoost: number;
  readonly variantWeight: number;
  readonly prefixWeight: number;
  readonly grounding?: LexicalGrounding;
}

export type { Reorder } from './novelty-reorder.js';

/** The BM25F pass of a lexical ranker over its term index, with the collection's cached weights. */
export interface LexicalPass {
  /** The threshold's plan: every variant of a query term, no synonyms. */
  readonly plan: PlanSettings;
  /**
   * Score the documents matching the query; `visit` sees each whose BM25F share beats `floor()`, with its order and
   * parts, and each of the `wanted` slots the query matches (told whether it beat the floor); with a floor, the
   * others only when their order is above it too (the caller keeps nothing else). Answers how to reorder some of
   * those visited for novelty (`diversify` with the query's terms as aspects). A floor is the order of the last of
   * the caller's best-first head (of equal orders, the first visited first), 0 until the head is full: once it is,
   * the pass seeds a higher one from the sums (seeded-floor.ts), and the head ends as it would without.
   */
  collect(
    query: string,
    visit: Visit,
    floor?: () => number,
    wanted?: Uint8Array,
    settings?: PlanSettings,
  ): Reorder;
  /** Tell the pass the collection changed (a document added or removed). */
  changed(): void;
}

/**
 * The saturation at which a term counts as fully matched (the accumulation's `full`): that of a term found once in the
 * name and once in the description.
 */
export function fullMatch(
  settings: Pick<LexicalPassSettings, 'k1' | 'nameWeight' | 'descriptionWeight'>,
): number {
  const both = settings.nameWeight + settings.descriptionWeight;
  return both / (settings.k1 + both);
}

export function createLexicalPass(index: TermIndex, settings: LexicalPassSettings): LexicalPass {
  const { k1, nameBoost, grounding } = settings;
  const prior = settings.priorDocuments;
  const full = fullMatch(settings);

  // Key weights and each document's key totals depend on the collection: cached until the next add or remove.
  let version = 1;
  let maxFrequency = prior / 2;
  let weightsVersion = 0;
  let keyWeights = new Float64Array(0);
  let totalsVersion = new Int32Array(0);
  let nameTotals = new Float64Array(0);
  let aboutTotals = new Float64Array(0);
  // Where a document's example key groups start in its key terms (-1: it has none).
  let exampleStarts = new Int32Array(0);

  function idf(frequency: number): number {
    const documents = index.size + prior;
    return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
  }

  const plan: PlanSettings = {
    idf,
    variantWeight: settings.variantWeight,
    prefixWeight: settings.prefixWeight,
    synonymWeight: 0,
    get maxFrequency() {
      return maxFrequency;
    },
  };

  const keyWeight = (termId: number): number => {
    let weight = keyWeights[termId]!;
    if (Number.isNaN(weight)) {
      const frequency = index.documentFrequency(termId);
      const light = isLightTerm(index.termOf(termId)) ? LIGHT_WEIGHT : 1;
      weight = frequency > plan.maxFrequency ? 0 : idf(frequency) * light;
      keyWeights[termId] = weight;
    }
    return weight;
  };

  const refresh = () => {
    if (weightsVersion === version && keyWeights.length >= index.termCapacity) return;
    keyWeights = new Float64Array(index.termCapacity + 64).fill(Number.NaN);
    if (totalsVersion.length < index.slotCapacity) {
      totalsVersion = new Int32Array(index.slotCapacity + 64);
      nameTotals = new Float64Array(index.slotCapacity + 64);
      aboutTotals = new Float64Array(index.slotCapacity + 64);
      exampleStarts = new Int32Array(index.slotCapacity + 64);
    }
    weightsVersion = version;
  };

  const totalsOf = (slot: number) => {
    if (totalsVersion[slot] !== version) {
      let name = 0;
      let about = 0;
      let group = 0;
      const keys = index.keyTermsOf(slot);
      exampleStarts[slot] = -1;
      for (let at = 0; at < keys.length; at++) {
        const key = keys[at]!;
        if (key < 0 && ++group === 2) {
          exampleStarts[slot] = at;
          break;
        }
        if (key < 0) continue;
        if (group === 0) name += keyWeight(key);
        else about += keyWeight(key);
      }
      nameTotals[slot] = name;
      aboutTotals[slot] = about;
      totalsVersion[slot] = version;
    }
  };

  // The parts of a document's order, set by `orderOf`: its share, name and about.
  const parts = new Float64Array(3);
  /** The order of the document in `slot`, whose BM25F share is `bm25f` (as the loop in `collect` works it out). */
  const orderOf = (
    slot: number,
    bm25f: number,
    sums: Float32Array,
    total: number,
    matched: ReadonlyMap<number, number>,
  ) => {
    const at = slot * 4;
    totalsOf(slot);
    const nameTotal = nameTotals[slot]!;
    const aboutTotal = aboutTotals[slot]!;
    const named = nameTotal > 0 ? Math.min(1, sums[at + 2]! / Math.min(nameTotal, total)) : 0;
    parts[2] = aboutTotal > 0 ? Math.min(1, sums[at + 3]! / Math.min(aboutTotal, total)) : 0;
    parts[0] = Math.min(1, sums[at + 1]! / total);
    const examples = exampleStarts[slot]!;
    parts[1] =
      examples < 0
        ? named
        : Math.max(named, exampleCoverage(index.keyTermsOf(slot), examples, matched, keyWeight));
    return (bm25f * (1 + nameBoost * parts[1]!)) / (1 + nameBoost);
  };

  const reorderFor = createNoveltyReorder(index);

  const collect: LexicalPass['collect'] = (query, visit, floor, wanted, planSettings = plan) => {
    const { groups, total, matched } = planQuery(index, query, planSettings);
    if (groups.length === 0 || total <= 0) return () => [];
    const groundingOfSlot = grounding?.forQuery(query);
    refresh();
    const scores = index.accumulate(groups, { k1, full, keyWeight });
    const { slots, sums, marks } = scores;

    let real = floor?.() ?? 0; // the caller's floor: it moves only when a visit keeps a document
    // Once the caller's head is full, a floor seeded from the sums (seeded-floor.ts): `least` is the higher of the two,
    // and the loop goes on over the slots of the documents above it (or wanted) only, found in one scan.
    let seed = 0;
    let seededAt = -1;
    let offered = 0;
    let least = real;
    let list = slots;
    for (let i = 0; i < list.length; i++) {
      const slot = list[i]!;
      // The order is at most the BM25F share: skip documents that cannot beat the ones kept.
      const bm25f = sums[slot * 4]! / total;
      // A wanted document is visited whenever `explain` would list it.
      const marked = bm25f > 0 && (wanted?.[slot] ?? 0) > 0;
      if (!(bm25f > least) && !marked) continue;
      // `orderOf` written out: a call here made the lexical `rank` 3–5 % slower (docs/benchmarks/ranking.md, pass 8).
      const at = slot * 4;
      totalsOf(slot);
      const nameTotal = nameTotals[slot]!;
      const aboutTotal = aboutTotals[slot]!;
      // A short query can only name a few of an action's words: it is measured against at most its own weight.
      const named = nameTotal > 0 ? Math.min(1, sums[at + 2]! / Math.min(nameTotal, total)) : 0;
      const about = aboutTotal > 0 ? Math.min(1, sums[at + 3]! / Math.min(aboutTotal, total)) : 0;
      const share = Math.min(1, sums[at + 1]! / total);
      // An example the query says again names the action as well as its name does.
      const examples = exampleStarts[slot]!;
      const name =
        examples < 0
          ? named
          : Math.max(named, exampleCoverage(index.keyTermsOf(slot), examples, matched, keyWeight));
      const order = (bm25f * (1 + nameBoost * name)) / (1 + nameBoost);
      if (floor && order <= least && !marked) continue;
      // Under the seed only (a wanted document): explained now, offered only if the seed fails.
      const beats = bm25f > real && !(order <= seed && order > real);
      visit(slot, order, share, name, about, marks[slot * 2 + 1]!, groundingOfSlot, beats);
      if (!floor) continue;
      if (beats && order > real) offered++;
      real = floor();
      if (seededAt < 0 && real > 0 && offered <= SEED_MOST) {
        seed = seedFloor(scores.largest(offered), total, nameBoost);
        seededAt = i;
        least = Math.max(real, seed);
        // The floor only rises: what is not above it now never will be.
        list = scores.above(i + 1, total, least, wanted);
        i = -1;
        continue;
      }
      least = Math.max(real, seed);
    }
    // The seed failed (the caller's head ended at or below it): what it left out is offered now, in the order touched.
    if (seededAt >= 0 && !(floor!() > seed)) {
      real = floor!();
      for (let i = seededAt + 1; i < slots.length; i++) {
        const slot = slots[i]!;
        const bm25f = sums[slot * 4]! / total;
        const marked = bm25f > 0 && (wanted?.[slot] ?? 0) > 0;
        if (!(bm25f > real) && !marked) continue;
        const order = orderOf(slot, bm25f, sums, total, matched);
        if (order > seed || (order <= real && !marked)) continue;
        visit(
          slot,
          order,
          parts[0]!,
          parts[1]!,
          parts[2]!,
          marks[slot * 2 + 1]!,
          groundingOfSlot,
          bm25f > real,
        );
        real = floor!();
      }
    }
    return reorderFor(groups);
  };

  return {
    plan,
    collect,
    changed() {
      version++;
      maxFrequency = (index.size + prior) / 2;
    },
  };
}
