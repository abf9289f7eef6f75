/** A term's postings merged per document: the field-weighted, length-normalised count and the fields it is in. */
export interface ImpactList {
  /** `slot << 8 | fieldMask`, one entry per document, in posting order. */
  readonly entries: Int32Array;
  /**
   * BM25F pseudo-count of the term in each document: the sum over fields of `tf * weight / lengthNorm`, in 32-bit
   * floats (half the memory a query reads; a count needs no more than seven digits).
   */
  readonly values: Float32Array;
}

/**
 * Merge packed postings (`slot << 8 | field << 5 | tf`, a document's entries adjacent) into one entry per document
 * with its weighted count, so a query does one multiply-add per document instead of one per field.
 */
export function buildImpactList(
  postings: readonly number[],
  documents: number,
  norms: Float32Array,
  fieldCount: number,
): ImpactList {
  const entries = new Int32Array(documents);
  const values = new Float32Array(documents);
  let count = -1;
  let previous = -1;
  for (let i = 0; i < postings.length; i++) {
    const posting = postings[i]!;
    const slot = posting >>> 8;
    const field = (posting >>> 5) & 7;
    if (slot !== previous) {
      previous = slot;
      count++;
      entries[count] = slot << 8;
    }
    entries[count]! |= 1 << field;
    values[count]! += (posting & 31) * norms[slot * fieldCount + field]!;
  }
  const length = count + 1;
  return length === documents
    ? { entries, values }
    : { entries: entries.subarray(0, length), values: values.subarray(0, length) };
}
