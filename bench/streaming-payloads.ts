// Payloads of the streaming bench: deterministic, realistic tool arguments of a given shape and size.

export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export const WORDS =
  'the of and to in is was for on are with as by at from this have not but all were when we there can an your which their said if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been its who now people my made over did down only way find use may water long little very after words called just where most know'.split(
    ' ',
  );

export function sentence(next: () => number, words: number): string {
  const picked: string[] = [];
  for (let i = 0; i < words; i++) picked.push(WORDS[Math.floor(next() * WORDS.length)]!);
  // Some escapes and non-ASCII text, as real arguments have.
  if (next() < 0.3) picked.push('"quoted"');
  if (next() < 0.2) picked.push('naïve café 😀\n');
  return picked.join(' ');
}

export type Shape = 'mixed' | 'records' | 'document' | 'deep' | 'text';

export interface TreeNode {
  type: string;
  id: string;
  props: { label: string; width: number; visible: boolean };
  children: TreeNode[];
}

/** About `size` characters of JSON text of the given shape (built in one pass: each piece's length is added up). */
export function payload(shape: Shape, size: number): string {
  const next = random(size);
  const record = (i: number) => ({
    id: i,
    name: `Item ${i}`,
    email: `user${i}@example.com`,
    score: Math.round(next() * 10_000) / 100,
    tags: ['alpha', 'beta', 'gamma'].slice(0, 1 + Math.floor(next() * 3)),
    active: next() < 0.5,
    note: sentence(next, 6),
  });
  const value: Record<string, unknown> = { title: sentence(next, 5) };
  let length = JSON.stringify(value).length;
  const add = (piece: unknown) => {
    length += JSON.stringify(piece).length + 1;
    return piece;
  };
  if (shape === 'records') {
    const rows: unknown[] = [];
    value.rows = rows;
    while (length < size) rows.push(add(record(rows.length)));
  } else if (shape === 'document') {
    const sections: Array<{ heading: string; paragraphs: string[] }> = [];
    value.sections = sections;
    while (length < size) {
      const last = sections.at(-1);
      if (!last || last.paragraphs.length >= 12)
        sections.push(add({ heading: sentence(next, 4), paragraphs: [] }) as (typeof sections)[0]);
      else last.paragraphs.push(add(sentence(next, 40)) as string);
    }
  } else if (shape === 'deep') {
    // A tree of small objects nested up to 24 levels (a UI layout, a config): each new node goes under one
    // of the last few nodes made, so the text keeps going deeper, then climbs back out.
    const made: Array<{ node: TreeNode; depth: number }> = [];
    const node = (): TreeNode => ({
      type: ['stack', 'row', 'card', 'text'][Math.floor(next() * 4)]!,
      id: `n${made.length}`,
      props: { label: sentence(next, 3), width: Math.floor(next() * 1000), visible: next() < 0.8 },
      children: [],
    });
    const root = node();
    made.push({ node: root, depth: 0 });
    value.tree = add(root);
    while (length < size) {
      const candidates = made.slice(-6).filter((entry) => entry.depth < 24);
      const parent = candidates[Math.floor(next() * candidates.length)] ?? made[0]!;
      const child = node();
      parent.node.children.push(add(child) as TreeNode);
      made.push({ node: child, depth: parent.depth + 1 });
    }
  } else if (shape === 'text') {
    const lines: string[] = [];
    while (length < size) lines.push(add(`${sentence(next, 12)}\n`) as string);
    Object.assign(value, { path: 'src/generated/file.ts', content: lines.join('') });
  } else {
    // mixed: a few fields, a long text (about 40%) and records (about 60%), the shape of a typical big call
    const lines: string[] = [];
    const rows: unknown[] = [];
    while (length < size * 0.4) lines.push(add(`${sentence(next, 12)}\n`) as string);
    while (length < size) rows.push(add(record(rows.length)));
    Object.assign(value, {
      options: { dryRun: false, mode: 'replace', limit: 50 },
      body: lines.join(''),
      rows,
    });
  }
  return JSON.stringify(value);
}

export function deltasOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}
