import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Relative links between the repository's Markdown files, checked as GitHub renders them: the file must exist and a
// `#fragment` must name a heading (GitHub's slug) or an explicit `<a id>` / `<a name>` of the file it points at.

export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

/** GitHub's heading slug (github-slugger): lower case, punctuation and symbols dropped, spaces as hyphens. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
      return;
    }
    if (fence === undefined) out.push([index + 1, line]);
  });
  return out;
}

/** Every fragment a Markdown text answers to. */
export function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, line] of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (match[1]) found.add(match[1]);
  }
  return found;
}

/** The relative link targets of a Markdown text (inline and reference links, images), with their lines. */
export function links(text: string): Array<{ line: number; target: string }> {
  const out: Array<{ line: number; target: string }> = [];
  for (const [line, content] of proseLines(text)) {
    const prose = content.replace(/`[^`]*`/g, '``');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (match[1]) out.push({ line, target: match[1] });
    }
    const reference = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (reference?.[1]) out.push({ line, target: reference[1] });
  }
  return out.filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Checks the relative links of `files` (absolute paths); `root` only shortens the names in the report. */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  const cache = new Map<string, Set<string>>();
  const anchorsOf = (path: string): Set<string> => {
    let set = cache.get(path);
    if (set === undefined) {
      set = anchors(readFileSync(path, 'utf8'));
      cache.set(path, set);
    }
    return set;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const { line, target } of links(readFileSync(file, 'utf8'))) {
      const report = (reason: string) => broken.push({ file: relative(root, file), line, target, reason });
      const [pathPart = '', fragment] = target.split('#', 2);
      const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
      if (!existsSync(path)) {
        report('no such file');
        continue;
      }
      if (fragment === undefined || fragment === '') continue;
      if (statSync(path).isDirectory() || !path.endsWith('.md')) {
        if (!/^L\d+(-L\d+)?$/.test(fragment)) report('a fragment on a file that is not Markdown');
        continue;
      }
      if (!anchorsOf(path).has(decodeURIComponent(fragment).toLowerCase())) report(`no heading #${fragment}`);
    }
  }
  return broken;
}

/** Mentions of `docs/….md` in source and comments, read from the repository's root, that name no file. */
export function missingDocMentions(root: string, files: readonly string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((content, index) => {
        for (const match of content.matchAll(/(?<![\w/.-])(?:\.\.\/)*docs\/([\w/-]+\.md)/g)) {
          if (!existsSync(join(root, 'docs', match[1] ?? ''))) {
            broken.push({
              file: relative(root, file),
              line: index + 1,
              target: match[0],
              reason: 'no such file',
            });
          }
        }
      });
  }
  return broken;
}
