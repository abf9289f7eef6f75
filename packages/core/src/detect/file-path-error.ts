import { AffordanceError } from '../errors/affordance-error.js';

/** Why `builtin:file` or a `FileAppender` refused a path: by its text, by the sandbox policy, or by the file system. */
export type FilePathErrorCode =
  /** The path is empty (or not a string). */
  | 'empty_path'
  /** The path, or one of its folder or file names, is too long. */
  | 'too_long'
  /** NUL, another control character, or an invisible formatting character (bidi override, zero-width space). */
  | 'control_character'
  /** A character that looks like `.`, `/`, `\` or `:` but is not (fullwidth full stop, division slash, …). */
  | 'look_alike'
  /** An absolute path or a Windows drive letter. */
  | 'absolute_path'
  /** A backslash; folders are separated with `/`. */
  | 'backslash'
  /** A colon (a Windows drive or an NTFS alternate data stream). */
  | 'colon'
  /** A `..` segment. */
  | 'parent_segment'
  /** The path names a folder, not a file. */
  | 'names_folder'
  /** A name Windows treats specially: a device (`CON`, `nul.md`), a short name (`GIT~1`), a trailing dot or space. */
  | 'reserved_name'
  /** A dot-folder or dotfile (`.git`, `.env`, `.ssh/…`) that the configuration does not allow. */
  | 'dot_segment'
  /** An extension outside the allowed list. */
  | 'extension_not_allowed'
  /** A file that build or install tools read as commands (`requirements.txt`, `CMakeLists.txt`). */
  | 'build_file'
  /** A folder or the file is a symbolic link (never followed inside the sandbox). */
  | 'symbolic_link'
  /** A folder on the path is a file. */
  | 'not_a_folder'
  /** The file is not a regular file (a folder, a FIFO, a device). */
  | 'not_a_file'
  /** The file has other hard links (it could be a file outside the folder, linked in). */
  | 'hard_link'
  /** The sandbox folder (or a folder of its own path) is missing or was replaced. */
  | 'folder_missing';

/** A refused path: `code` says why in one word, `reason` in words; nothing was written. */
export class FilePathError extends AffordanceError<FilePathErrorCode> {
  static override readonly errorName = 'FilePathError';
  constructor(
    code: FilePathErrorCode,
    readonly path: string,
    readonly reason: string,
  ) {
    super(code, `refused to write ${quote(path)}: ${reason}`);
  }
}

// Long hostile paths would flood logs and model text: show the start only.
function quote(path: string): string {
  const shown = JSON.stringify(path.length > 120 ? `${path.slice(0, 120)}…` : path);
  return path.length > 120 ? `${shown} (${path.length} characters)` : shown;
}
