// One random 64-bit prefix per process plus a counter: unique across processes sharing a database, and far
// cheaper than a UUID per call. Drawn at the first id, not at load: Cloudflare Workers refuse random numbers while
// a module loads.
let processPart: string | undefined;
let counter = 0;
// `<prefix>_<process part>` per prefix, so an id costs one concatenation (prefixes are a handful of literals).
const heads = new Map<string, string>();
// The last prefix asked for and its head: calls ask for `call` over and over, and a comparison beats a map lookup.
let lastPrefix: string | undefined;
let lastHead = '';
const PADS = ['000000', '00000', '0000', '000', '00', '0'];

/** A unique id with a readable prefix (`call_…`, `apr_…`). */
export function newId(prefix: string): string {
  // A comparison, not `%`: a floating-point remainder is a call into the runtime on every id.
  counter = counter < Number.MAX_SAFE_INTEGER ? counter + 1 : 0;
  let head = prefix === lastPrefix ? lastHead : heads.get(prefix);
  if (head === undefined) {
    processPart ??= randomHex(8);
    head = `${prefix}_${processPart}`;
    if (heads.size < 64) heads.set(prefix, head);
  }
  lastPrefix = prefix;
  lastHead = head;
  const count = counter.toString(36);
  // The counter's text padded to six characters; the padding a constant (a `slice` would make a string per id).
  return count.length >= 6 ? head + count : head + (PADS[count.length]! + count);
}

function randomHex(size: number): string {
  const bytes = new Uint8Array(size);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
