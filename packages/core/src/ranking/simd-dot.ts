/**
 * A WebAssembly SIMD scan for the mean-vector index: the dot product of one query with many rows of 32-bit floats,
 * four lanes at a time. The module (about 150 bytes) is assembled here, not fetched; where WebAssembly or its SIMD
 * is refused (a strict Content-Security-Policy, an old engine), `createSimdDot` answers `undefined` and the caller
 * scans in JavaScript. Measured at 10,000 actions it is within the noise of the JavaScript scan (the scans are a
 * third of a query; docs/benchmarks/ranking.md, "WebAssembly SIMD"): kept for larger vector tables, not for speed here.
 */

/** The scan over a memory the caller lays out: rows of `stride` floats (a multiple of 4), the query, the scores. */
export interface SimdDot {
  readonly memory: WebAssembly.Memory;
  /** Scores of `count` rows from byte `rows` against the query at byte `query`, as 32-bit floats at byte `into`. */
  dot(query: number, rows: number, rowBytes: number, count: number, into: number): void;
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
const lane = (at: number) => [SIMD, 0x1f, at];

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
  ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
  ...section(2, [1, ...text('env'), ...text('memory'), 0x02, 0x00, 1]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...text('dot'), 0x00, 0]),
  ...section(10, [1, ...leb(body.length), ...body]),
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
    const dot = instance.exports.dot as SimdDot['dot'];
    return { memory, dot };
  } catch {
    return undefined;
  }
}
