/**
 * One string object for each key seen before: records repeat their keys, and property writes with a key the engine
 * has already seen as a property name are much faster than with a fresh copy of it. Keeps at most 4,096 keys of up
 * to 64 characters.
 */
export class KeyInterner {
  private readonly keys = new Map<string, string>();

  /** The string object kept for `key`, or `key` itself the first time (or when it is not kept). */
  intern(key: string): string {
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    if (this.keys.size < 4096 && key.length <= 64) this.keys.set(key, key);
    return key;
  }
}
