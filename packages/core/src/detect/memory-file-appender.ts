import { checkRelativePath } from './check-relative-path.js';
import { FilePathError } from './file-path-error.js';
import type { FileAppender } from './types.js';

/** A `FileAppender` that keeps files in memory (browsers, tests); `files` maps normalized paths to their text. */
export function createMemoryFileAppender(): FileAppender & { readonly files: ReadonlyMap<string, string> } {
  const files = new Map<string, string>();
  return {
    files,
    async append(relativePath, text, options = {}) {
      options.signal?.throwIfAborted();
      const checked = checkRelativePath(relativePath);
      if (!checked.ok) throw new FilePathError(checked.code, String(relativePath), checked.reason);
      files.set(checked.path, (files.get(checked.path) ?? '') + text);
    },
  };
}
