/**
 * Streaming tool-call arguments: the cost of asking for the partial value after every delta, for our
 * incremental parser and the parsers UIs use today, beside one JSON.parse of the whole text (the floor).
 * Arguments of 1 KiB, 18 KiB, 100 KiB and 1 MiB arrive in 1-, 16- and 256-character deltas.
 *
 * Run: node --import tsx bench/streaming.bench.ts [--quick] [--mixed]
 *   --quick   smaller budget: fewer repetitions, re-parsers capped at 2 s (default 8 s) of projected CPU time per cell
 *   --mixed   only the main table (mixed arguments, every contender), not the four other payload shapes
 *             (records, document, deep, text), where only our parser and @streamparser/json are timed
 *
 * The linear contenders of a cell are timed in turns, batch by batch (so a neighbour's burst on this shared
 * machine slows them alike), and each is reported as its median batch.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createPartialJsonParser } from '@affordance/core';
import { JSONParser } from '@streamparser/json';
import { parsePartialJson } from 'ai';
import { parse as parsePartialJsonCopilot } from 'partial-json';
import untruncateJson from 'untruncate-json';

const quick = process.argv.includes('--quick');
const withShapes = !process.argv.includes('--mixed');
const CAP_MS = quick ? 2_000 : 8_000;
const SIZES = [1024, 18 * 1024, 100 * 1024, 1024 * 1024];
const DELTAS = [1, 16, 256];
const untruncate = ((untruncateJson as unknown as { default?: (text: string) => string }).default ??
  untruncateJson) as (text: string) => string;

// ---------- payloads: deterministic, realistic tool arguments ----------

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS =
  'the of and to in is was for on are with as by at from this have not but all were when we there can an your which their said if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been its who now people my made over did down only way find use may water long little very after words called just where most know'.split(
    ' ',
  );

function sentence(next: () => number, words: number): string {
  const picked: string[] = [];
  for (let i = 0; i < words; i++) picked.push(WORDS[Math.floor(next() * WORDS.length)]!);
  // Some escapes and non-ASCII text, as real arguments have.
  if (next() < 0.3) picked.push('"quoted"');
  if (next() < 0.2) picked.push('naïve café 😀\n');
  return picked.join(' ');
}

type Shape = 'mixed' | 'records' | 'document' | 'deep' | 'text';

interface TreeNode {
  type: string;
  id: string;
  props: { label: string; width: number; visible: boolean };
  children: TreeNode[];
}

/** About `size` characters of JSON text of the given shape (built in one pass: each piece's length is added up). */
function payload(shape: Shape, size: number): string {
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

function deltasOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

// ---------- contenders: each consumes all deltas, asking for the value after each ----------

/**
 * Read what a UI that memoises by identity at least reads of a new snapshot: from the root down the open
 * path, each object's member names and each array's length, then the last member or element (which
 * materialises any lazy view on the path).
 */
function readOpenPath(value: unknown): number {
  let node = value;
  let depth = 0;
  while (typeof node === 'object' && node !== null) {
    if (Array.isArray(node)) {
      if (node.length === 0) break;
      node = node[node.length - 1];
    } else {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      node = (node as Record<string, unknown>)[keys[keys.length - 1]!];
    }
    depth++;
  }
  return depth;
}

type Run = (deltas: readonly string[]) => unknown;

const contenders: Record<string, { run: Run; quadratic: boolean }> = {
  'affordance createPartialJsonParser': {
    quadratic: false,
    run: (deltas) => {
      const parser = createPartialJsonParser();
      let value: unknown;
      for (const delta of deltas) {
        parser.write(delta);
        value = parser.value();
      }
      parser.end();
      return value;
    },
  },
  "affordance parser + reading each snapshot's open path (as a UI re-rendering what changed)": {
    quadratic: false,
    run: (deltas) => {
      const parser = createPartialJsonParser();
      let depth = 0;
      for (const delta of deltas) {
        parser.write(delta);
        depth += readOpenPath(parser.value());
      }
      parser.end();
      return depth;
    },
  },
  'affordance parser, write() only (no value())': {
    quadratic: false,
    run: (deltas) => {
      const parser = createPartialJsonParser();
      for (const delta of deltas) parser.write(delta);
      return parser.end();
    },
  },
  '@streamparser/json (no partial value)': {
    quadratic: false,
    run: (deltas) => {
      // Its fastest mode: the root is built in place and only emitted at the end; no snapshot is possible.
      const parser = new JSONParser({ paths: ['$'] });
      let value: unknown;
      parser.onValue = (info) => {
        value = info.value;
      };
      for (const delta of deltas) parser.write(delta);
      return value;
    },
  },
  'ai parsePartialJson (AI SDK UI)': {
    quadratic: true,
    run: async (deltas) => {
      let text = '';
      let value: unknown;
      for (const delta of deltas) {
        text += delta;
        value = (await parsePartialJson(text)).value;
      }
      return value;
    },
  },
  'partial-json (CopilotKit)': {
    quadratic: true,
    run: (deltas) => {
      let text = '';
      let value: unknown;
      for (const delta of deltas) {
        text += delta;
        try {
          value = parsePartialJsonCopilot(text);
        } catch {
          // a prefix it cannot read yet (e.g. a lone '-')
        }
      }
      return value;
    },
  },
  'untruncate-json + JSON.parse (AG-UI client)': {
    quadratic: true,
    run: (deltas) => {
      let text = '';
      let value: unknown;
      for (const delta of deltas) {
        text += delta;
        try {
          value = JSON.parse(untruncate(text));
        } catch {
          // a prefix it cannot repair
        }
      }
      return value;
    },
  },
};

// ---------- timing ----------

// A full collection before each cell, so one contender's garbage is not billed to the next.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** CPU time of this process in ms: on a shared machine, time spent waiting for a core is not counted. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU ms per run, over `repeat` runs in a row (tiny runs are batched to rise above the clock's grain). */
async function once(run: Run, deltas: readonly string[], repeat = 1): Promise<number> {
  const started = cpuMs();
  for (let i = 0; i < repeat; i++) await run(deltas);
  return (cpuMs() - started) / repeat;
}

/**
 * Median CPU ms of one full stream over several batches after a warm-up run (the machine is shared: the
 * median of at least 5 batches ignores the odd batch that a collection or a neighbour slowed down).
 * Re-parsers whose single run is long: one run (their code is already warm from the smaller cells).
 */
async function time(run: Run, deltas: readonly string[], quadratic: boolean): Promise<number> {
  const budget = quick ? 100 : 250;
  collect();
  const first = await once(run, deltas);
  if (quadratic && first > budget / 2) return first;
  const repeat = Math.max(1, Math.ceil(5 / Math.max(first, 0.01)));
  const batches: number[] = [];
  let spent = 0;
  while (batches.length < 5 || (batches.length < 51 && spent < budget)) {
    const took = await once(run, deltas, repeat);
    batches.push(took);
    spent += took * repeat;
  }
  batches.sort((a, b) => a - b);
  return batches[batches.length >> 1]!;
}

/**
 * Median CPU ms of several runs timed in turns, batch by batch, so that each run is measured under the
 * same load as the others: on a shared machine a neighbour's burst then slows them alike, and the ratios
 * between them (which the aims are about) hold even when the absolute figures move.
 */
async function timeTogether(runs: readonly Run[], deltas: readonly string[]): Promise<number[]> {
  const budget = (quick ? 100 : 250) * runs.length;
  collect();
  const repeats: number[] = [];
  for (const run of runs) {
    const first = await once(run, deltas);
    repeats.push(Math.max(1, Math.ceil(5 / Math.max(first, 0.01))));
  }
  const batches: number[][] = runs.map(() => []);
  let spent = 0;
  const next = random(deltas.length);
  const order = runs.map((_, index) => index);
  for (let round = 0; round < 5 || (round < 51 && spent < budget); round++) {
    // In a shuffled order each round, so that no run always follows the same one (and pays for the
    // garbage that one left more often than the others do).
    for (let at = order.length - 1; at > 0; at--) {
      const other = Math.floor(next() * (at + 1));
      [order[at], order[other]] = [order[other]!, order[at]!];
    }
    for (const index of order) {
      const took = await once(runs[index]!, deltas, repeats[index]);
      batches[index]!.push(took);
      spent += took * repeats[index]!;
    }
  }
  return batches.map((list) => list.sort((a, b) => a - b)[list.length >> 1]!);
}

/** What a full run of a re-parser would take: time growing prefixes until one takes 50 ms, then scale by n². */
async function projectQuadratic(run: Run, deltas: readonly string[]): Promise<number> {
  for (let count = Math.min(deltas.length, 256); ; count = Math.min(deltas.length, count * 2)) {
    const took = await once(run, deltas.slice(0, count));
    if (took >= 50 || count === deltas.length) return took * (deltas.length / count) ** 2;
  }
}

function floorMs(text: string): number {
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch++) {
    const started = cpuMs();
    let reps = 0;
    while (cpuMs() - started < 20) {
      JSON.parse(text);
      reps++;
    }
    batches.push((cpuMs() - started) / reps);
  }
  return batches.sort((a, b) => a - b)[2]!;
}

const label = (size: number) => (size >= 1024 * 1024 ? `${size / 1024 / 1024} MiB` : `${size / 1024} KiB`);
const ms = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3);

async function mainTable(shape: Shape): Promise<{ lines: string[]; cells: Map<string, number> }> {
  const cells = new Map<string, number>();
  const lines = [
    `### ${shape} arguments: CPU ms to stream the whole text, asking for the value after every delta (median run; × one JSON.parse)`,
    '',
    `| parser | ${SIZES.flatMap((size) => DELTAS.map((delta) => `${label(size)} / ${delta}`)).join(' | ')} |`,
    `|---|${SIZES.flatMap(() => DELTAS.map(() => '---:')).join('|')}|`,
  ];
  const texts = SIZES.map((size) => payload(shape, size));
  const floors = texts.map(floorMs);
  lines.push(
    `| one JSON.parse (floor) | ${floors.flatMap((floor) => DELTAS.map(() => ms(floor))).join(' | ')} |`,
  );
  const rows = new Map<string, string[]>(Object.keys(contenders).map((name) => [name, []]));
  const linear = Object.entries(contenders).filter(([, contender]) => !contender.quadratic);
  for (const [sizeIndex, text] of texts.entries()) {
    for (const delta of DELTAS) {
      const deltas = deltasOf(text, delta);
      const record = (name: string, took: number) => {
        cells.set(`${name}|${SIZES[sizeIndex]}|${delta}`, took);
        rows
          .get(name)!
          .push(`${ms(took)} (×${Math.round(took / floors[sizeIndex]!).toLocaleString('en-US')})`);
      };
      const together = await timeTogether(
        linear.map(([, contender]) => contender.run),
        deltas,
      );
      for (const [index, [name]] of linear.entries()) record(name, together[index]!);
      for (const [name, contender] of Object.entries(contenders)) {
        if (!contender.quadratic) continue;
        const projected = await projectQuadratic(contender.run, deltas);
        if (projected > CAP_MS)
          rows.get(name)!.push(`skipped (quadratic; projected ${(projected / 1000).toFixed(0)} s)`);
        else record(name, await time(contender.run, deltas, true));
      }
    }
  }
  for (const [name, row] of rows) lines.push(`| ${name} | ${row.join(' | ')} |`);
  return { lines, cells };
}

function summary(cells: Map<string, number>): string[] {
  const ours = 'affordance createPartialJsonParser';
  const writeOnly = 'affordance parser, write() only (no value())';
  const streamparser = '@streamparser/json (no partial value)';
  const growth = (name: string, delta: number, from: number) =>
    Math.round(
      cells.get(`${name}|${SIZES.at(-1)}|${delta}`)! / cells.get(`${name}|${from}|${delta}`)!,
    ).toLocaleString('en-US');
  const lines = [
    '',
    '| delta | 1 MiB ÷ 1 KiB: ours / write() only / @streamparser (linear ≈ 1,024) | 1 MiB ÷ 100 KiB (linear ≈ 10) | @streamparser/json ÷ ours, per size |',
    '|---:|---:|---:|---|',
  ];
  for (const delta of DELTAS) {
    const speedups = SIZES.map((size) => {
      const them = cells.get(`${streamparser}|${size}|${delta}`)!;
      return `${label(size)}: ${(them / cells.get(`${ours}|${size}|${delta}`)!).toFixed(2)}×`;
    });
    const small = SIZES[0]!;
    const mid = SIZES[2]!;
    lines.push(
      `| ${delta} | ${growth(ours, delta, small)} / ${growth(writeOnly, delta, small)} / ${growth(streamparser, delta, small)} | ${growth(ours, delta, mid)} / ${growth(writeOnly, delta, mid)} / ${growth(streamparser, delta, mid)} | ${speedups.join(', ')} |`,
    );
  }
  const ratios = SIZES.flatMap((size) =>
    DELTAS.map((delta) => ({
      cell: `${label(size)} / ${delta}`,
      ratio: cells.get(`${streamparser}|${size}|${delta}`)! / cells.get(`${ours}|${size}|${delta}`)!,
    })),
  ).sort((a, b) => a.ratio - b.ratio);
  const worst = ratios[0]!;
  lines.push(
    '',
    `Worst @streamparser/json ÷ ours: ${worst.ratio.toFixed(2)}× (${worst.cell}); cells under 2×: ${ratios.filter((r) => r.ratio < 2).length} of ${ratios.length}.`,
  );
  return lines;
}

/**
 * Let the JIT settle every contender's code, on every payload shape that will be timed (a shape's new
 * object layouts would otherwise re-optimise the parsers inside the first cells of its table).
 */
async function warmUp(): Promise<void> {
  const shapes: Shape[] = withShapes ? ['mixed', 'records', 'document', 'deep', 'text'] : ['mixed'];
  const small = payload('mixed', 1024);
  for (const contender of Object.values(contenders)) {
    for (const shape of contender.quadratic ? ['mixed' as const] : shapes) {
      const text = contender.quadratic ? small : payload(shape, 18 * 1024);
      for (const delta of DELTAS) {
        const deltas = deltasOf(text, delta);
        const until = performance.now() + (quick ? 30 : 100);
        while (performance.now() < until) await contender.run(deltas);
      }
    }
  }
}

const started = performance.now();
await warmUp();
console.log(`## Streaming partial JSON (node ${process.version}${quick ? ', --quick' : ''})\n`);
const main = await mainTable('mixed');
console.log([...main.lines, ...summary(main.cells)].join('\n'));
if (withShapes) {
  const saved = Object.fromEntries(
    Object.entries(contenders).filter(([, contender]) => !contender.quadratic),
  );
  for (const name of Object.keys(contenders)) if (!(name in saved)) delete contenders[name];
  for (const shape of ['records', 'document', 'deep', 'text'] as const) {
    const table = await mainTable(shape);
    console.log(`\n${[...table.lines, ...summary(table.cells)].join('\n')}`);
  }
}
console.log(`\n(total ${((performance.now() - started) / 1000).toFixed(0)} s)`);
