import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The oldest Node that @affordance/core promises (its `engines`).
const OLDEST_NODE = [20, 19, 0] as const;

type LockEntry = {
  version?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where npm installed `name` as seen from the package at `from` (Node's lookup, upwards through node_modules). */
function installed(from: string, name: string): string | undefined {
  for (let base = from; ; ) {
    const path = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[path]) return path;
    if (base === '') return undefined;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested === -1 ? '' : base.slice(0, nested);
  }
}

/** Every package core installs with it (its `dependencies`, transitively), by its path in the lock file. */
function productionTree(): Map<string, LockEntry> {
  const tree = new Map<string, LockEntry>();
  const visit = (path: string) => {
    const entry = lock.packages[path];
    if (!entry || tree.has(path)) return;
    tree.set(path, entry);
    for (const name of Object.keys(entry.dependencies ?? {})) {
      const found = installed(path, name);
      if (found) visit(found);
    }
  };
  visit('packages/core');
  return tree;
}

/** Whether a semver range of the forms npm packages use in `engines` admits `version`. */
function admits(range: string, version: readonly number[]): boolean {
  const compare = (text: string) => {
    const parts = text.replace(/^v/, '').split('.');
    const wanted = [0, 1, 2].map((index) => Number(parts[index] ?? 0));
    for (const index of [0, 1, 2])
      if (version[index] !== wanted[index]) return version[index]! - wanted[index]!;
    return 0;
  };
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .filter((comparator) => comparator !== '' && comparator !== '*' && !/^x$/i.test(comparator))
      .every((comparator) => {
        const match = /^(>=|<=|>|<|\^|~|=)?(\d+(?:\.(?:\d+|x))?(?:\.(?:\d+|x))?)$/i.exec(comparator);
        if (!match) throw new Error(`cannot read the engines range ${JSON.stringify(range)}`);
        const [, operator = '=', target = ''] = match;
        const order = compare(target.replace(/x/gi, '0'));
        if (operator === '>=') return order >= 0;
        if (operator === '>') return order > 0;
        if (operator === '<=') return order <= 0;
        if (operator === '<') return order < 0;
        const parts = target.split('.');
        if (operator === '^') return order >= 0 && version[0] === Number(parts[0]);
        if (operator === '~')
          return (
            order >= 0 && version[0] === Number(parts[0]) && version[1] === Number(parts[1] ?? version[1])
          );
        return parts.every((part, index) => /^x$/i.test(part) || version[index] === Number(part));
      }),
  );
}

describe('what @affordance/core installs (regression: @octokit/core pulled content-type, which wants Node 22)', () => {
  it('reads engines ranges the way npm does for the forms in use', () => {
    expect(admits('>=20.19', OLDEST_NODE)).toBe(true);
    expect(admits('>= 20', OLDEST_NODE)).toBe(true);
    expect(admits('>=22', OLDEST_NODE)).toBe(false);
    expect(admits('^20.17.0 || >=22.9.0', OLDEST_NODE)).toBe(true);
    expect(admits('^18.17.0 || >=22', OLDEST_NODE)).toBe(false);
    expect(admits('20.x', OLDEST_NODE)).toBe(true);
    expect(admits('~20.19.0', OLDEST_NODE)).toBe(true);
    expect(admits('~20.20', OLDEST_NODE)).toBe(false);
  });

  it('installs on Node 20.19 without an engine warning', () => {
    const tree = productionTree();
    expect(tree.size).toBeGreaterThan(1);
    const refusing = [...tree]
      .filter(([, entry]) => entry.engines?.node && !admits(entry.engines.node, OLDEST_NODE))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it('talks to GitHub through fetch, not a Node-flavoured SDK', () => {
    const names = [...productionTree().keys()].map((path) => path.replace(/^.*node_modules\//, ''));
    expect(names.filter((name) => name.startsWith('@octokit/'))).toEqual([]);
  });
});
