/** A random id with a readable prefix (`call_…`, `apr_…`), from the platform's crypto. */
export function newId(prefix: string): string {
  return `${prefix}_${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
}
