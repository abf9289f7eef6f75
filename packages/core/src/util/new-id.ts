// One random 64-bit prefix per process plus a counter: unique across processes sharing a database, and far
// cheaper than a UUID per call.
const processPart = (() => {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
})();
let counter = 0;

/** A unique id with a readable prefix (`call_…`, `apr_…`). */
export function newId(prefix: string): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}_${processPart}${counter.toString(36).padStart(6, '0')}`;
}
