/** Longest relative path accepted, in characters. */
const MAX_PATH = 1024;

/**
 * Check a path that must stay inside a folder, by its text alone (browser-safe): refuse empty paths, NUL and other
 * control characters, absolute paths, Windows drive letters and backslashes, `..` segments and folder paths.
 * Returns the normalized path (`a/b.md`) or the reason it is refused. Symlinks need a file system check on top.
 */
export function checkRelativePath(
  path: unknown,
): { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string } {
  if (typeof path !== 'string' || path.trim() === '') return { ok: false, reason: 'the path is empty' };
  if (path.length > MAX_PATH) return { ok: false, reason: `the path is longer than ${MAX_PATH} characters` };
  if (path.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
  if (/[\u0001-\u001f\u007f]/.test(path))
    return { ok: false, reason: 'the path contains control characters' };
  if (/^[A-Za-z]:/.test(path))
    return { ok: false, reason: 'the path starts with a drive letter; use a path relative to the folder' };
  if (path.includes('\\'))
    return { ok: false, reason: 'the path contains a backslash; separate folders with /' };
  if (path.startsWith('/'))
    return { ok: false, reason: 'the path is absolute; use a path relative to the folder' };
  const segments = path.split('/');
  if (segments.includes('..')) return { ok: false, reason: 'the path climbs out of the folder with ..' };
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  if (kept.length === 0 || path.endsWith('/') || segments.at(-1) === '.') {
    return { ok: false, reason: 'the path names a folder, not a file' };
  }
  return { ok: true, path: kept.join('/') };
}
