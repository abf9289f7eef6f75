import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { anchors, brokenLinks, missingDocMentions, slug } from './markdown-links.js';

// Every relative link in the repository's own Markdown (README, docs/, the packages', apps' and examples' READMEs)
// reaches a file, and its #fragment a heading of that file; every `docs/….md` a source file or comment mentions
// exists. Moving or renaming a docs page or a heading breaks this test until the links follow.
const root = fileURLToPath(new URL('../..', import.meta.url));
const skipped = new Set(['node_modules', 'dist', '.git', 'fixtures', 'coverage', '.affordance']);

function walk(folder: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const ownFolders = ['docs', 'packages', 'apps', 'examples', 'bench', 'scripts', 'test'].map((name) =>
  join(root, name),
);
const markdown = [
  join(root, 'README.md'),
  ...ownFolders.flatMap((folder) => walk(folder, (n) => n.endsWith('.md'))),
];
// This test's own examples name pages that do not exist on purpose.
const sources = ownFolders
  .flatMap((folder) => walk(folder, (n) => /\.(ts|tsx|mts|mjs|cjs|js)$/.test(n)))
  .filter((path) => !path.startsWith(join(root, 'test', 'docs')));

describe('links between the docs', () => {
  it('finds the pages it checks', () => {
    expect(markdown.some((path) => path.endsWith(join('docs', 'agents.md')))).toBe(true);
    expect(markdown.length).toBeGreaterThan(20);
    expect(sources.length).toBeGreaterThan(100);
  });

  it('has no relative link to a missing file or heading', () => {
    expect(brokenLinks(root, markdown)).toEqual([]);
  });

  it('mentions no docs page that does not exist in source and comments', () => {
    expect(missingDocMentions(root, sources)).toEqual([]);
  });
});

describe('the link checker', () => {
  const folder = mkdtempSync(join(tmpdir(), 'affordance-doc-links-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('makes the slugs GitHub makes', () => {
    expect(slug('From agent.json, `affordance agent` and `/agui` (the `run` block)')).toBe(
      'from-agentjson-affordance-agent-and-agui-the-run-block',
    );
    expect(slug('Actions that ask for input (`ctx.ask`)')).toBe('actions-that-ask-for-input-ctxask');
    expect(slug('Approvals: separation of duties')).toBe('approvals-separation-of-duties');
    expect(slug('The file sandbox (`builtin:file`)')).toBe('the-file-sandbox-builtinfile');
    expect([...anchors('# A\n\n```\n# not a heading\n```\n## A\n<a id="here"></a>\n')]).toEqual([
      'a',
      'a-1',
      'here',
    ]);
  });

  it('reports a missing file, a missing heading and a missing docs page, and nothing else', () => {
    mkdirSync(join(folder, 'docs'));
    writeFileSync(join(folder, 'docs', 'a.md'), '# Page A\n\n## Kept heading\n');
    const page = join(folder, 'docs', 'b.md');
    writeFileSync(
      page,
      [
        '# B',
        '[ok](a.md#kept-heading) [self](#b) [web](https://example.com/x.md#y) `[code](gone.md)`',
        '[gone](gone.md) [moved](a.md#moved-heading)',
        '```',
        '[in a fence](gone.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(folder, [page]).map(({ line, target, reason }) => [line, target, reason])).toEqual([
      [3, 'gone.md', 'no such file'],
      [3, 'a.md#moved-heading', 'no heading #moved-heading'],
    ]);
    const source = join(folder, 'code.ts');
    writeFileSync(source, '// see docs/a.md and ../../docs/gone.md, not https://x.dev/docs/other.md\n');
    expect(missingDocMentions(folder, [source]).map(({ target }) => target)).toEqual(['../../docs/gone.md']);
  });
});
