import { checkRelativePath } from './check-relative-path.js';
import type { FileAppender } from './types.js';

/** A `FileAppender` that keeps files in memory (browsers, tests); `files` maps normalized paths to their text. */
export function createMemoryFileAppender(): FileAppender & { readonly files: ReadonlyMap<string, string> } {
  const files = new Map<string, string>();
  return {
    files,
    async append(relativePath, text, options = {}) {
      options.signal?.throwIfAborted();
      const checked = checkRelativePath(relativePath);
      if (!checked.ok) throw new Error(`refused to write ${JSON.stringify(relativePath)}: ${checked.reason}`);
      files.set(checked.path, (files.get(checked.path) ?? '') + text);
    },
  };
}
