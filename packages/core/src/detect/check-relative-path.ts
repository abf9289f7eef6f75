import type { FilePathErrorCode } from './file-path-error.js';

/** Longest relative path accepted, in characters. */
const MAX_PATH = 1024;
/** Longest folder or file name accepted, in UTF-8 bytes (the limit of common file systems). */
const MAX_NAME_BYTES = 255;

// C0/C1 controls, invisible formatting (bidi overrides, zero-width characters, BOM) and line/paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// Slashes and colons that Unicode compatibility mapping does not turn into their ASCII twins.
const LOOK_ALIKES = new Set(['\u2215', '\u2044', '\u29F8', '\u29F9', '\u2216', '\u29F5', '\uA789', '\u0589']);
// Device names Windows resolves in every folder, whatever the extension (`nul.md` is the null device).
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\.|$)/i;

/** A path checked by its text: the normalized path (`a/b.md`), or why it is refused. */
export type CheckedPath =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly code: FilePathErrorCode; readonly reason: string };

/**
 * Check a path that must stay inside a folder, by its text alone (browser-safe): refuse empty and over-long paths,
 * control and invisible characters, look-alikes of `.` `/` `\` `:`, absolute paths, drive letters, backslashes,
 * colons, `..` segments, folder paths and names Windows treats specially. Returns the normalized path or the reason.
 * Dotfiles and extensions are `checkFilePath`'s job; symbolic links need the file system check on top.
 */
export function checkRelativePath(path: unknown): CheckedPath {
  const refuse = (code: FilePathErrorCode, reason: string): CheckedPath => ({ ok: false, code, reason });
  if (typeof path !== 'string' || path.trim() === '') return refuse('empty_path', 'the path is empty');
  if (path.length > MAX_PATH) return refuse('too_long', `the path is longer than ${MAX_PATH} characters`);
  if (path.includes('\0')) return refuse('control_character', 'the path contains a NUL byte');
  if (INVISIBLE.test(path)) {
    return refuse(
      'control_character',
      'the path contains control characters or invisible formatting characters',
    );
  }
  const lookAlike = [...path].find(
    (character) =>
      character.charCodeAt(0) > 0x7f &&
      (LOOK_ALIKES.has(character) || /[./\\:]/.test(character.normalize('NFKC'))),
  );
  if (lookAlike !== undefined) {
    const code = `U+${lookAlike.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return refuse('look_alike', `the path contains ${code}, which looks like . / \\ or : but is not`);
  }
  if (/^[A-Za-z]:/.test(path))
    return refuse('absolute_path', 'the path starts with a drive letter; use a path relative to the folder');
  if (path.includes('\\'))
    return refuse('backslash', 'the path contains a backslash; separate folders with /');
  if (path.startsWith('/'))
    return refuse('absolute_path', 'the path is absolute; use a path relative to the folder');
  if (path.includes(':')) return refuse('colon', 'the path contains a colon');
  const segments = path.split('/');
  if (segments.includes('..')) return refuse('parent_segment', 'the path climbs out of the folder with ..');
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  if (kept.length === 0 || path.endsWith('/') || segments.at(-1) === '.')
    return refuse('names_folder', 'the path names a folder, not a file');
  for (const segment of kept) {
    const problem = nameProblem(segment);
    if (problem) return refuse(problem.code, problem.reason);
  }
  return { ok: true, path: kept.join('/') };
}

function nameProblem(name: string): { code: FilePathErrorCode; reason: string } | undefined {
  if (new TextEncoder().encode(name).byteLength > MAX_NAME_BYTES)
    return { code: 'too_long', reason: `a name in the path is longer than ${MAX_NAME_BYTES} bytes` };
  if (/[. ]$/.test(name))
    return {
      code: 'reserved_name',
      reason: `${JSON.stringify(name)} ends with a dot or a space, which Windows drops`,
    };
  if (WINDOWS_DEVICE.test(name))
    return { code: 'reserved_name', reason: `${JSON.stringify(name)} is a Windows device name` };
  // GIT~1 is the Windows short name of .git.
  if (/~\d/.test(name))
    return { code: 'reserved_name', reason: `${JSON.stringify(name)} looks like a Windows short name` };
  return undefined;
}
