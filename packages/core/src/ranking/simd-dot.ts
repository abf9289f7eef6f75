/**
 * WebAssembly SIMD scans for the word-vector ranker: the dot product of one query with many rows, four rows at a time
 * (four running sums that do not wait on each other), over 32-bit floats (the soft match's screen) or 16-bit integers
 * (the mean-vector index's screen: half the memory read per row). The module (a few hundred bytes) is assembled here,
 * not fetched; where WebAssembly or its SIMD is refused (a strict Content-Security-Policy, an old engine),
 * `createSimdDot` answers `undefined` and the callers scan in JavaScript. Figures: docs/benchmarks/ranking.md.
 */

/** The scan over a memory the caller lays out: rows of `stride` floats (a multiple of 4), the query, the scores. */
export interface SimdDot {
  readonly memory: WebAssembly.Memory;
  /** Scores of `count` rows from byte `rows` against the query at byte `query`, as 32-bit floats at byte `into`. */
  dot(query: number, rows: number, rowBytes: number, count: number, into: number): void;
  /**
   * The same over `blocks` blocks of 64 rows of 16-bit integers (`rowBytes` a multiple of 16), as 32-bit integers at
   * byte `into`; and per block, four 32-bit integers at byte `maxima` on: the highest score of rows 0, 4, 8… of the
   * block, of rows 1, 5, 9…, of rows 2, 6, 10…, and of rows 3, 7, 11…. Every address a multiple of 16.
   */
  dot16(query: number, rows: number, rowBytes: number, blocks: number, into: number, maxima: number): void;
}

// Opcodes (WebAssembly core 2.0 and its fixed-width SIMD).
const I32 = 0x7f;
const V128 = 0x7b;
const [BLOCK, LOOP, END, BR, BR_IF] = [0x02, 0x03, 0x0b, 0x0c, 0x0d];
const [GET, SET, TEE] = [0x20, 0x21, 0x22];
const [I32_CONST, I32_EQZ, I32_LT_U, I32_ADD, I32_SUB] = [0x41, 0x45, 0x49, 0x6a, 0x6b];
const [F32_STORE, F32_ADD] = [0x38, 0x92];
const SIMD = 0xfd;
const V128_LOAD = [SIMD, 0x00, 0x02, 0x00]; // align 4 bytes, offset 0
const V128_ZERO = [SIMD, 0x0c, ...new Array<number>(16).fill(0)];
const F32X4_ADD = [SIMD, 0xe4, 0x01];
const F32X4_MUL = [SIMD, 0xe6, 0x01];
const lane = (at: number) => [SIMD, 0x1f, at]; // f32x4.extract_lane

// Parameters and locals: query, rows, rowBytes, count, into (i32); d (i32); sum (v128).
const [QUERY, ROWS, ROW_BYTES, COUNT, INTO, D, SUM] = [0, 1, 2, 3, 4, 5, 6];

const body = [
  ...[2, 1, I32, 1, V128], // locals
  ...[BLOCK, 0x40, LOOP, 0x40],
  ...[GET, COUNT, I32_EQZ, BR_IF, 1], // no rows left: done
  ...[...V128_ZERO, SET, SUM, I32_CONST, 0, SET, D],
  ...[LOOP, 0x40],
  ...[GET, SUM, GET, QUERY, GET, D, I32_ADD, ...V128_LOAD, GET, ROWS, GET, D, I32_ADD, ...V128_LOAD],
  ...[...F32X4_MUL, ...F32X4_ADD, SET, SUM],
  ...[GET, D, I32_CONST, 16, I32_ADD, TEE, D, GET, ROW_BYTES, I32_LT_U, BR_IF, 0, END],
  ...[GET, INTO, GET, SUM, ...lane(0), GET, SUM, ...lane(1), F32_ADD, GET, SUM, ...lane(2), F32_ADD],
  ...[GET, SUM, ...lane(3), F32_ADD, F32_STORE, 0x02, 0x00],
  ...[GET, INTO, I32_CONST, 4, I32_ADD, SET, INTO, GET, ROWS, GET, ROW_BYTES, I32_ADD, SET, ROWS],
  ...[GET, COUNT, I32_CONST, 1, I32_SUB, SET, COUNT, BR, 0, END, END, END],
];

// Four rows at a time (`count` is then the number of groups of four): four sums that do not wait on each other,
// each summed in the order `body` sums one row, so every score is the same to the last bit. `share` adds a row's
// share to its sum, `total` stores a sum's lanes added up.
const [R1, R2, R3, S0, S1, S2, S3, Q] = [6, 7, 8, 9, 10, 11, 12, 13];
const I32X4_DOT_I16X8 = [SIMD, 0xba, 0x01];
const I32X4_ADD = [SIMD, 0xae, 0x01];
const body4 = (() => {
  const share = (row: number, sum: number) => [
    ...[GET, sum, GET, Q, GET, row, GET, D, I32_ADD, ...V128_LOAD, ...F32X4_MUL, ...F32X4_ADD, SET, sum],
  ];
  const total = (sum: number, offset: number) => [
    ...[GET, INTO, GET, sum, ...lane(0), GET, sum, ...lane(1), F32_ADD, GET, sum, ...lane(2), F32_ADD],
    ...[GET, sum, ...lane(3), F32_ADD, F32_STORE, 0x02, offset],
  ];
  return [
    ...[2, 4, I32, 5, V128], // locals: d, r1, r2, r3; s0, s1, s2, s3, q
    ...[BLOCK, 0x40, LOOP, 0x40],
    ...[GET, COUNT, I32_EQZ, BR_IF, 1],
    ...[...V128_ZERO, SET, S0, ...V128_ZERO, SET, S1, ...V128_ZERO, SET, S2, ...V128_ZERO, SET, S3],
    ...[I32_CONST, 0, SET, D],
    ...[GET, ROWS, GET, ROW_BYTES, I32_ADD, TEE, R1, GET, ROW_BYTES, I32_ADD, TEE, R2],
    ...[GET, ROW_BYTES, I32_ADD, SET, R3],
    ...[LOOP, 0x40],
    ...[GET, QUERY, GET, D, I32_ADD, ...V128_LOAD, SET, Q],
    ...share(ROWS, S0),
    ...share(R1, S1),
    ...share(R2, S2),
    ...share(R3, S3),
    ...[GET, D, I32_CONST, 16, I32_ADD, TEE, D, GET, ROW_BYTES, I32_LT_U, BR_IF, 0, END],
    ...total(S0, 0),
    ...total(S1, 4),
    ...total(S2, 8),
    ...total(S3, 12),
    ...[GET, INTO, I32_CONST, 16, I32_ADD, SET, INTO, GET, R3, GET, ROW_BYTES, I32_ADD, SET, ROWS],
    ...[GET, COUNT, I32_CONST, 1, I32_SUB, SET, COUNT, BR, 0, END, END, END],
  ];
})();

// Rows of 16-bit integers in blocks of 16 groups of four rows: a group's four sums gathered into one vector (their
// lanes added up by shuffles) and stored at once; per block, the highest score of each of the four lanes.
const [MAXIMA, B, P1, P2, P3, G, T0, T1, T2, T3, QV, V, BM] = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
const V128_STORE = [SIMD, 0x0b, 0x04, 0x00]; // align 16 bytes, offset 0
const I32X4_LOWEST = [SIMD, 0x0c, ...[0, 0, 0, 0x80, 0, 0, 0, 0x80, 0, 0, 0, 0x80, 0, 0, 0, 0x80]];
const I32X4_MAX = [SIMD, 0xb8, 0x01];
const I32_NE = 0x47;
/** i8x16.shuffle of two vectors by 32-bit lanes (0–3 the first's, 4–7 the second's). */
const pick = (...lanes: number[]) => [
  SIMD,
  0x0d,
  ...lanes.flatMap((at) => [0, 1, 2, 3].map((b) => at * 4 + b)),
];
const share16 = (row: number, sum: number) => [
  ...[GET, sum, GET, QV, GET, row, GET, B, I32_ADD, ...V128_LOAD, ...I32X4_DOT_I16X8, ...I32X4_ADD, SET, sum],
];
const body16 = [
  ...[2, 5, I32, 7, V128], // locals: b (a byte of a row), p1, p2, p3, g; t0–t3, qv, v, bm
  ...[BLOCK, 0x40, LOOP, 0x40],
  ...[GET, COUNT, I32_EQZ, BR_IF, 1],
  ...[...I32X4_LOWEST, SET, BM, I32_CONST, 16, SET, G],
  ...[LOOP, 0x40],
  ...[...V128_ZERO, SET, T0, ...V128_ZERO, SET, T1, ...V128_ZERO, SET, T2, ...V128_ZERO, SET, T3],
  ...[I32_CONST, 0, SET, B],
  ...[GET, ROWS, GET, ROW_BYTES, I32_ADD, TEE, P1, GET, ROW_BYTES, I32_ADD, TEE, P2],
  ...[GET, ROW_BYTES, I32_ADD, SET, P3],
  ...[LOOP, 0x40],
  ...[GET, QUERY, GET, B, I32_ADD, ...V128_LOAD, SET, QV],
  ...share16(ROWS, T0),
  ...share16(P1, T1),
  ...share16(P2, T2),
  ...share16(P3, T3),
  ...[GET, B, I32_CONST, 16, I32_ADD, TEE, B, GET, ROW_BYTES, I32_LT_U, BR_IF, 0, END],
  // [t0₀+t0₂, t1₀+t1₂, t0₁+t0₃, t1₁+t1₃], the same of t2 and t3, then the four totals.
  ...[GET, T0, GET, T1, ...pick(0, 4, 1, 5), GET, T0, GET, T1, ...pick(2, 6, 3, 7), ...I32X4_ADD, SET, T0],
  ...[GET, T2, GET, T3, ...pick(0, 4, 1, 5), GET, T2, GET, T3, ...pick(2, 6, 3, 7), ...I32X4_ADD, SET, T2],
  ...[GET, INTO, GET, T0, GET, T2, ...pick(0, 1, 4, 5), GET, T0, GET, T2, ...pick(2, 3, 6, 7), ...I32X4_ADD],
  ...[TEE, V, ...V128_STORE, GET, BM, GET, V, ...I32X4_MAX, SET, BM],
  ...[GET, INTO, I32_CONST, 16, I32_ADD, SET, INTO, GET, P3, GET, ROW_BYTES, I32_ADD, SET, ROWS],
  ...[GET, G, I32_CONST, 1, I32_SUB, TEE, G, I32_CONST, 0, I32_NE, BR_IF, 0, END],
  ...[GET, MAXIMA, GET, BM, ...V128_STORE, GET, MAXIMA, I32_CONST, 16, I32_ADD, SET, MAXIMA],
  ...[GET, COUNT, I32_CONST, 1, I32_SUB, SET, COUNT, BR, 0, END, END, END],
];

const text = (value: string) => [value.length, ...Array.from(value, (char) => char.charCodeAt(0))];
const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content];

function leb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

const MODULE = Uint8Array.from([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [2, 0x60, 5, I32, I32, I32, I32, I32, 0, 0x60, 6, I32, I32, I32, I32, I32, I32, 0]),
  ...section(2, [1, ...text('env'), ...text('memory'), 0x02, 0x00, 1]),
  ...section(3, [3, 0, 0, 1]),
  ...section(7, [3, ...text('dot'), 0x00, 0, ...text('dot4'), 0x00, 1, ...text('dot16'), 0x00, 2]),
  ...section(10, [3, ...[body, body4, body16].flatMap((code) => [...leb(code.length), ...code])]),
]);

let compiled: WebAssembly.Module | null | undefined;

/** A SIMD dot-product scan over a fresh memory of `pages` × 64 KiB, or `undefined` where it cannot run. */
export function createSimdDot(pages = 1): SimdDot | undefined {
  if (compiled === undefined) {
    try {
      compiled =
        typeof WebAssembly === 'object' && WebAssembly.validate(MODULE)
          ? new WebAssembly.Module(MODULE)
          : null;
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return undefined;
  try {
    const memory = new WebAssembly.Memory({ initial: pages });
    const instance = new WebAssembly.Instance(compiled, { env: { memory } });
    const one = instance.exports.dot as SimdDot['dot'];
    const four = instance.exports.dot4 as SimdDot['dot'];
    const dot: SimdDot['dot'] = (query, rows, rowBytes, count, into) => {
      const groups = count >> 2;
      if (groups > 0) four(query, rows, rowBytes, groups, into);
      const done = groups * 4;
      if (done < count) one(query, rows + done * rowBytes, rowBytes, count - done, into + done * 4);
    };
    const dot16 = instance.exports.dot16 as SimdDot['dot16'];
    return { memory, dot, dot16 };
  } catch {
    return undefined;
  }
}
