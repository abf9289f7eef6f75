/** A word-vector table's numbers, as `closestWords` reads them. */
export interface VectorData {
  readonly dimensions: number;
  /** Word after word, `dimensions` numbers each. */
  readonly values: Float32Array;
  /** One over each word's length (0 for a zero vector). */
  readonly inverseNorms: Float32Array;
}

/**
 * For each word in `slots`, its highest cosine similarity to any word in `others` (1 when it is one of them), into
 * `into[i]`. Two words against four at a time, with the other words' vectors laid out dimension by dimension: each
 * dot product is still summed dimension by dimension, in doubles, so every similarity is the one a single pair
 * gives, several times faster.
 */
export function closestWords(
  data: VectorData,
  slots: ArrayLike<number>,
  others: Int32Array,
  into: Float64Array,
): void {
  const { dimensions, values, inverseNorms } = data;
  const count = others.length;
  // The other words' vectors, dimension-major: the numbers of dimension d of all of them side by side.
  const columns = new Float64Array(count * dimensions);
  for (let j = 0; j < count; j++) {
    const start = others[j]! * dimensions;
    for (let d = 0; d < dimensions; d++) columns[d * count + j] = values[start + d]!;
  }
  // A word among the others is 1 without more ado; the rest are worked out two at a time.
  const pending: number[] = [];
  for (let at = 0; at < slots.length; at++) {
    if (others.includes(slots[at]!)) into[at] = 1;
    else pending.push(at);
  }
  const sums = new Float64Array(2 * count);
  let next = 0;
  for (; next + 2 <= pending.length; next += 2) {
    const first = slots[pending[next]!]!;
    const second = slots[pending[next + 1]!]!;
    dotProducts(values, first * dimensions, second * dimensions, columns, count, dimensions, sums);
    into[pending[next]!] = closestOf(first, others, sums, 0, inverseNorms);
    into[pending[next + 1]!] = closestOf(second, others, sums, count, inverseNorms);
  }
  if (next < pending.length) {
    const slot = slots[pending[next]!]!;
    const base = slot * dimensions;
    for (let j = 0; j < count; j++) {
      let sum = 0;
      for (let d = 0, column = j; d < dimensions; d++, column += count)
        sum += values[base + d]! * columns[column]!;
      sums[j] = sum;
    }
    into[pending[next]!] = closestOf(slot, others, sums, 0, inverseNorms);
  }
}

/** The dot products of two words (at `first` and `second` in `values`) with each column word, into `sums`. */
function dotProducts(
  values: Float32Array,
  first: number,
  second: number,
  columns: Float64Array,
  count: number,
  dimensions: number,
  sums: Float64Array,
): void {
  let j = 0;
  for (; j + 4 <= count; j += 4) {
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    let b3 = 0;
    for (let d = 0, column = j; d < dimensions; d++, column += count) {
      const x = values[first + d]!;
      const y = values[second + d]!;
      const c0 = columns[column]!;
      const c1 = columns[column + 1]!;
      const c2 = columns[column + 2]!;
      const c3 = columns[column + 3]!;
      a0 += x * c0;
      a1 += x * c1;
      a2 += x * c2;
      a3 += x * c3;
      b0 += y * c0;
      b1 += y * c1;
      b2 += y * c2;
      b3 += y * c3;
    }
    sums[j] = a0;
    sums[j + 1] = a1;
    sums[j + 2] = a2;
    sums[j + 3] = a3;
    sums[count + j] = b0;
    sums[count + j + 1] = b1;
    sums[count + j + 2] = b2;
    sums[count + j + 3] = b3;
  }
  for (; j < count; j++) {
    let a = 0;
    let b = 0;
    for (let d = 0, column = j; d < dimensions; d++, column += count) {
      const c = columns[column]!;
      a += values[first + d]! * c;
      b += values[second + d]! * c;
    }
    sums[j] = a;
    sums[count + j] = b;
  }
}

/** The highest cosine of a word (not among the others) to the others, from its dot products with them (at `from`). */
function closestOf(
  slot: number,
  others: Int32Array,
  sums: Float64Array,
  from: number,
  inverseNorms: Float32Array,
): number {
  let best = -1;
  for (let j = 0; j < others.length; j++) {
    const cosine = sums[from + j]! * inverseNorms[others[j]!]!;
    if (cosine > best) best = cosine;
  }
  return best * inverseNorms[slot]!;
}

/**
 * The dot product of each of `count` pairs of words (`firsts[i]` with `seconds[i]`, by slot) into `into[i]`: four pairs
 * at a time, four sums that do not wait on each other, each still summed dimension by dimension in doubles (the
 * numbers a single pair gives).
 */
export function pairDotProducts(
  data: VectorData,
  firsts: Int32Array,
  seconds: Int32Array,
  count: number,
  into: Float64Array,
): void {
  const { dimensions, values } = data;
  let at = 0;
  for (; at + 4 <= count; at += 4) {
    const a = firsts[at]! * dimensions;
    const b = seconds[at]! * dimensions;
    const c = firsts[at + 1]! * dimensions;
    const e = seconds[at + 1]! * dimensions;
    const f = firsts[at + 2]! * dimensions;
    const g = seconds[at + 2]! * dimensions;
    const h = firsts[at + 3]! * dimensions;
    const k = seconds[at + 3]! * dimensions;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let d = 0; d < dimensions; d++) {
      s0 += values[a + d]! * values[b + d]!;
      s1 += values[c + d]! * values[e + d]!;
      s2 += values[f + d]! * values[g + d]!;
      s3 += values[h + d]! * values[k + d]!;
    }
    into[at] = s0;
    into[at + 1] = s1;
    into[at + 2] = s2;
    into[at + 3] = s3;
  }
  for (; at < count; at++) {
    const a = firsts[at]! * dimensions;
    const b = seconds[at]! * dimensions;
    let sum = 0;
    for (let d = 0; d < dimensions; d++) sum += values[a + d]! * values[b + d]!;
    into[at] = sum;
  }
}
