import { describe, expect, it } from 'vitest';
import { checkFilePath } from './check-file-path.js';
import { checkRelativePath } from './check-relative-path.js';
import { createFileHandler } from './file-handler.js';
import { FilePathError } from './file-path-error.js';
import { createMemoryFileAppender } from './memory-file-appender.js';
import type { DetectedAction } from './types.js';

const context = {
  signal: new AbortController().signal,
  logger: { debug() {}, info() {}, warn() {}, error() {} },
  handler: 'builtin:file',
};
const note = (file: string): DetectedAction => ({ type: 'note', content: 'x', metadata: { file } });

describe('checkFilePath: dotfiles, extensions and build files', () => {
  it('refuses .git anywhere, always, and every other dot-folder or dotfile unless allowed', () => {
    const refused: Array<[string, string]> = [
      ['.git/config', 'dot_segment'],
      ['.git/hooks/pre-commit.md', 'dot_segment'],
      ['sub/.GIT/config.md', 'dot_segment'],
      ['.env', 'dot_segment'],
      ['.env.md', 'dot_segment'],
      ['.ssh/authorized_keys.txt', 'dot_segment'],
      ['.npmrc', 'dot_segment'],
      ['notes/.hidden/x.md', 'dot_segment'],
      ['.github/workflows/ci.json', 'dot_segment'],
    ];
    for (const [path, code] of refused) expect(checkFilePath(path), path).toMatchObject({ ok: false, code });
    expect(checkFilePath('.env.md', { allowPaths: ['.env.md'] })).toEqual({ ok: true, path: '.env.md' });
    expect(checkFilePath('./.notes//a.md', { allowPaths: ['.notes/a.md'] })).toEqual({
      ok: true,
      path: '.notes/a.md',
    });
    // Listing .git does not open it.
    expect(checkFilePath('.git/config', { allowPaths: ['.git/config'] })).toMatchObject({
      ok: false,
      code: 'dot_segment',
    });
  });

  it('writes only the allowed extensions, compared without case', () => {
    for (const path of ['a.md', 'b.TXT', 'c.json', 'd.jsonl', 'e.csv', 'f.log', 'notes/2025/g.Md'])
      expect(checkFilePath(path).ok, path).toBe(true);
    for (const path of ['run.sh', 'Makefile', 'index.js', 'x.md.sh', 'hooks/post-checkout', 'a.yaml']) {
      const checked = checkFilePath(path);
      expect(checked, path).toMatchObject({ ok: false, code: 'extension_not_allowed' });
    }
    expect(checkFilePath('a.yaml', { extensions: ['.yaml'] }).ok).toBe(true);
    expect(checkFilePath('a.md', { extensions: ['.yaml'] }).ok).toBe(false);
    expect(checkFilePath('scripts/run.sh', { allowPaths: ['scripts/run.sh'] }).ok).toBe(true);
  });

  it('refuses files that install and build tools read as instructions', () => {
    for (const path of [
      'requirements.txt',
      'py/requirements-dev.txt',
      'requirements/base.txt',
      'CMakeLists.txt',
    ])
      expect(checkFilePath(path), path).toMatchObject({ ok: false, code: 'build_file' });
    expect(checkFilePath('requirements.txt', { allowPaths: ['requirements.txt'] }).ok).toBe(true);
  });
});

describe('checkRelativePath: hostile paths', () => {
  it('refuses each kind of escape with its own code', () => {
    const refused: Array<[unknown, string, RegExp]> = [
      ['', 'empty_path', /empty/],
      [undefined, 'empty_path', /empty/],
      ['..', 'parent_segment', /climbs out/],
      ['a/../../b.md', 'parent_segment', /climbs out/],
      ['/etc/passwd', 'absolute_path', /absolute/],
      ['C:/x.md', 'absolute_path', /drive letter/],
      ['\\\\server\\share\\x.md', 'backslash', /backslash/],
      ['notes.md:stream', 'colon', /colon/],
      ['a\0.md', 'control_character', /NUL/],
      ['a\n.md', 'control_character', /control/],
      ['a\u0085.md', 'control_character', /control/],
      ['evil\u202Edm.sh', 'control_character', /invisible/],
      ['a\u200B.md', 'control_character', /invisible/],
      ['\uFF0E\uFF0E/secret.md', 'look_alike', /U\+FF0E/],
      ['\u2025/secret.md', 'look_alike', /U\+2025/],
      ['..\u2215secret.md', 'look_alike', /U\+2215/],
      ['a\u2044b.md', 'look_alike', /U\+2044/],
      ['\uFF0Fetc\uFF0Fpasswd.md', 'look_alike', /U\+FF0F/],
      ['\uFF0Egit/config.md', 'look_alike', /U\+FF0E/],
      ['x\uFF1Ay.md', 'look_alike', /U\+FF1A/],
      ['dir/', 'names_folder', /folder/],
      ['.', 'names_folder', /folder/],
      ['nul.md', 'reserved_name', /device/],
      ['COM1.txt', 'reserved_name', /device/],
      ['GIT~1/config.md', 'reserved_name', /short name/],
      ['notes.md.', 'reserved_name', /dot or a space/],
      ['notes.md ', 'reserved_name', /dot or a space/],
      ['x'.repeat(1025), 'too_long', /longer than 1024/],
      [`${'é'.repeat(128)}.md`, 'too_long', /255 bytes/],
    ];
    for (const [path, code, reason] of refused) {
      const checked = checkRelativePath(path);
      expect(checked, String(path)).toMatchObject({ ok: false, code });
      if (!checked.ok) expect(checked.reason).toMatch(reason);
    }
  });

  it('keeps ordinary names, including non-Latin ones', () => {
    expect(checkRelativePath('./notes//日本語/メモ.md')).toEqual({ ok: true, path: 'notes/日本語/メモ.md' });
    expect(checkRelativePath(`${'a'.repeat(252)}.md`).ok).toBe(true);
    expect(checkRelativePath('notes/console.md').ok).toBe(true);
  });
});

describe('builtin:file refusals', () => {
  it('throws FilePathError with a code for a model-chosen .git/config, dotfile or extension, and writes nothing', async () => {
    const appender = createMemoryFileAppender();
    const handler = createFileHandler({ appender, allowActionPath: true });
    const attempts: Array<[string, string]> = [
      ['.git/config', 'dot_segment'],
      ['.env', 'dot_segment'],
      ['hooks/pre-commit', 'extension_not_allowed'],
      ['../outside.md', 'parent_segment'],
      ['\uFF0E\uFF0E/outside.md', 'look_alike'],
    ];
    for (const [file, code] of attempts) {
      const error = await Promise.resolve(handler(note(file), context)).catch((caught: unknown) => caught);
      expect(error, file).toBeInstanceOf(FilePathError);
      expect(error, file).toMatchObject({ code, path: file });
    }
    expect(appender.files.size).toBe(0);
  });

  it('writes an opted-in path, with {type} replaced', async () => {
    const appender = createMemoryFileAppender();
    const handler = createFileHandler({
      appender,
      allowActionPath: true,
      extensions: ['.md', '.yaml'],
      allowPaths: ['.notes/{type}.md'],
    });
    await handler(note('.notes/note.md'), context);
    await handler(note('plan.yaml'), context);
    await expect(Promise.resolve(handler(note('.notes/other.md'), context))).rejects.toMatchObject({
      code: 'dot_segment',
    });
    expect([...appender.files.keys()]).toEqual(['.notes/note.md', 'plan.yaml']);
  });

  it('refuses bad options at once', () => {
    const appender = createMemoryFileAppender();
    expect(() => createFileHandler({ appender, extensions: ['md'] })).toThrow(/extensions must be a list/);
    expect(() => createFileHandler({ appender, allowPaths: ['../x.md'] })).toThrow(/allowPaths "..\/x.md"/);
  });
});
