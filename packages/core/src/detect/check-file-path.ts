import { type CheckedPath, checkRelativePath } from './check-relative-path.js';

/** The extensions `builtin:file` writes when the configuration names none. */
export const DEFAULT_FILE_EXTENSIONS: readonly string[] = ['.md', '.txt', '.json', '.jsonl', '.csv', '.log'];

/** What `builtin:file` may write inside its folder, beyond the rules every path follows. */
export interface FilePathPolicy {
  /** Extensions that may be written (`.md`); default `DEFAULT_FILE_EXTENSIONS`. Compared without case. */
  readonly extensions?: readonly string[];
  /** Paths that may be written although they are dotfiles, have another extension or are build files. */
  readonly allowPaths?: readonly string[];
}

// Files that install or build tools read as instructions: a line appended to them runs code on the next install.
const BUILD_FILES = [
  /(^|\/)(requirements|constraints)[^/]*\.txt$/i,
  /(^|\/)requirements\/[^/]*\.txt$/i,
  /(^|\/)cmakelists\.txt$/i,
];

/**
 * Check a path for `builtin:file` (browser-safe): `checkRelativePath`'s rules, then refuse `.git` anywhere (always),
 * any other dot-folder or dotfile (`.env`, `.ssh/…`, `.npmrc`), an extension outside `policy.extensions`, and
 * build files (`requirements.txt`, `CMakeLists.txt`), unless the normalized path is listed in `policy.allowPaths`.
 */
export function checkFilePath(path: unknown, policy: FilePathPolicy = {}): CheckedPath {
  const checked = checkRelativePath(path);
  if (!checked.ok) return checked;
  const segments = checked.path.split('/');
  if (segments.some((segment) => segment.toLowerCase() === '.git')) {
    return {
      ok: false,
      code: 'dot_segment',
      reason: 'the path is inside .git, which is never written (git runs commands from its config and hooks)',
    };
  }
  const allowed = new Set(
    (policy.allowPaths ?? []).map((allowed) => {
      const normalized = checkRelativePath(allowed);
      return normalized.ok ? normalized.path : undefined;
    }),
  );
  if (allowed.has(checked.path)) return checked;
  const dotted = segments.find((segment) => segment.startsWith('.'));
  if (dotted !== undefined) {
    return {
      ok: false,
      code: 'dot_segment',
      reason: `${JSON.stringify(dotted)} is a dot-folder or dotfile (they configure tools: .env, .npmrc, .ssh); list the path in allowPaths to write it`,
    };
  }
  const extensions = (policy.extensions ?? DEFAULT_FILE_EXTENSIONS).map((extension) =>
    extension.toLowerCase(),
  );
  const name = segments.at(-1)!;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  if (!extensions.includes(extension)) {
    return {
      ok: false,
      code: 'extension_not_allowed',
      reason: `${extension === '' ? 'a file without an extension' : `the extension ${extension}`} is not allowed (allowed: ${extensions.join(' ')}); add it to extensions or list the path in allowPaths`,
    };
  }
  if (BUILD_FILES.some((pattern) => pattern.test(checked.path))) {
    return {
      ok: false,
      code: 'build_file',
      reason: `${name} is read by build or install tools, so a line appended to it could run code; list the path in allowPaths to write it`,
    };
  }
  return checked;
}
