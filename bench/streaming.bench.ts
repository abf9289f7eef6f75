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

import { createPartialJsonParser } from '@affordance/core';
import { JSONParser } from '@streamparser/json';
import { parsePartialJson } from 'ai';
import { parse as parsePartialJsonCopilot } from 'partial-json';
import untruncateJson from 'untruncate-json';
import { deltasOf, payload, type Shape } from './streaming-payloads.js';
import {
  floorMs,
  label,
  ms,
  projectQuadratic,
  quick,
  type Run,
  time,
  timeTogether,
} from './streaming-timing.js';

const withShapes = !process.argv.includes('--mixed');
const CAP_MS = quick ? 2_000 : 8_000;
const SIZES = [1024, 18 * 1024, 100 * 1024, 1024 * 1024];
const DELTAS = [1, 16, 256];
const untruncate = ((untruncateJson as unknown as { default?: (text: string) => string }).default ??
  untruncateJson) as (text: string) => string;

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
